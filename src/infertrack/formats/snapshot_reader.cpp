#include "infertrack/formats/snapshot_reader.hpp"

#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/json_array_windows.hpp"
#include "infertrack/formats/json_input.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/formats/snapshot_point.hpp"
#include "infertrack/formats/snapshot_sections.hpp"

#include <set>

namespace infertrack::formats {

namespace {

using util::Result;

constexpr std::string_view k_expected_snapshot = "a JSON object with a \"points\" array";
// How far into a snapshot its points array is looked for, byte by byte: the sections before it are small.
constexpr std::size_t k_points_search_bytes = std::size_t{1} << 20;

constexpr std::string_view k_known_keys =
  "retrieved_utc, notes, points, headline_<target>, hardware, method, presets, api_urls, exact_run_api_urls, "
  "validation";

// Top-level keys the seed carries for people, not for the tracker: checked to be JSON, otherwise ignored.
bool
is_informational(std::string_view key)
{
  return key == "api_urls" || key == "exact_run_api_urls" || key == "validation";
}

// Reads the top-level members into `dataset`; headlines and hardware wait for all points.
class SnapshotBuilder
{
public:
  SnapshotBuilder(std::size_t expected_points, const PointBatchSink* batches)
    : m_points(batches), m_expected_points(expected_points)
  {
  }

  Result<void> add(std::string_view key, JsonValue& value, const JsonPlace& at)
  {
    if (!m_seen.insert(std::string(key)).second) {
      return fail_at(at, "duplicate field (got " + quoted_text(key) + " twice, expected it once)");
    }
    if (key == "points") {
      m_has_points = true;
      if (m_points_read) {
        return {};  // read in windows; an empty array stands in for them
      }
      m_points.reserve(m_expected_points);
      return for_each_element(value, at, "an array of points", [this](JsonValue& element, std::size_t index) {
        return add_point(element, index);
      });
    }
    if (key == "retrieved_utc") {
      INFERTRACK_TRY_ASSIGN(retrieved, read_string(value, at));
      // A date, or a timestamp starting with one (2026-11-02T21:42:00+00:00).
      if (!is_iso_date(retrieved.substr(0, 10))
          || (retrieved.size() > 10 && retrieved[10] != 'T' && retrieved[10] != ' ')) {
        return fail_at(
          at, "not a timestamp (got " + quoted_text(retrieved) + ", expected YYYY-MM-DD or an ISO 8601 timestamp)");
      }
      m_dataset.retrieved = std::string(retrieved);
      return {};
    }
    if (key == "notes") {
      return for_each_element(
        value, at, "an array of strings", [this](JsonValue& element, std::size_t index) -> Result<void> {
          INFERTRACK_TRY_ASSIGN(note, read_string(element, JsonPlace{"notes", index, "notes"}));
          m_dataset.notes.emplace_back(note);
          return {};
        });
    }
    if (key == "method") {
      INFERTRACK_TRY_ASSIGN(method, read_optional_string(value, at));
      if (method) {
        m_dataset.method = std::string(*method);
      }
      return {};
    }
    if (key == "hardware") {
      INFERTRACK_TRY_ASSIGN(hardware, read_hardware(value));
      m_dataset.hardware.push_back(std::move(hardware));
      return {};
    }
    if (key == "presets") {
      INFERTRACK_TRY_ASSIGN(presets, read_presets(value));
      m_dataset.presets = std::move(presets);
      return {};
    }
    if (key.starts_with("headline_")) {
      INFERTRACK_TRY_ASSIGN(headlines, read_headlines(value, key));
      m_dataset.headlines.insert(m_dataset.headlines.end(), headlines.begin(), headlines.end());
      return {};
    }
    if (is_informational(key)) {
      return validate_json_value(value, at);
    }
    return fail_at(at,
                   "unknown field (got " + quoted_text(key) + ", expected one of " + std::string(k_known_keys) + ")");
  }

  // Reads the points of `text`, whose array opens at text[open], a window at a time, and returns the text
  // with that array emptied for add() to read the rest; nullopt for a mistake in or around the points.
  std::optional<std::string> read_points_in_windows(std::string_view text,
                                                    std::size_t open,
                                                    const JsonParsing& parsing)
  {
    m_points.reserve(m_expected_points);
    const std::optional<std::size_t> end = read_member_array_in_windows(
      text, open, parsing, JsonPlace{"snapshot", JsonPlace::k_no_index, "points"},
      [this](JsonValue& element, std::size_t index) { return add_point(element, index); });
    if (!end) {
      return std::nullopt;
    }
    m_points_read = true;
    std::string rest;
    rest.reserve(open + 2 + text.size() - *end);
    rest.append(text.substr(0, open)).append("[]").append(text.substr(*end));
    return rest;
  }

  Result<domain::Dataset> finish() &&
  {
    if (!m_has_points) {
      return fail_at(JsonPlace{"snapshot", JsonPlace::k_no_index, "points"},
                     "missing required field (got nothing, expected an array of points)");
    }
    INFERTRACK_TRY(resolve_headlines(m_dataset.headlines, m_points));
    for (auto& hardware : m_dataset.hardware) {
      INFERTRACK_TRY(resolve_hardware_key(hardware, m_points));
    }
    m_dataset.points = m_points.take();
    return std::move(m_dataset);
  }

private:
  Result<void> add_point(JsonValue& element, std::size_t index)
  {
    INFERTRACK_TRY(m_point_reader.read(element, index, m_points.add()));
    const auto added = m_points.keep_last(index);
    if (added.outcome == PointDedup::Outcome::conflict) {
      const std::string_view id = m_points.result_id(added.first_position);
      return fail_at(JsonPlace{"points", index, "result_id"},
                     "conflicting duplicate (got result id " + quoted_text(id) + " again with different values, "
                       + "expected the same values as points[" + std::to_string(added.first_record) + "])");
    }
    return {};
  }

  domain::Dataset m_dataset;
  SnapshotPointReader m_point_reader;
  KeptPoints m_points;
  std::set<std::string> m_seen;
  bool m_has_points = false;
  bool m_points_read = false;
  std::size_t m_expected_points;
};

// About how many points `json` holds, so that the large points are built in place without the vector moving
// them as it grows. Compact exports take about 1 KB per point, the seed's pretty-printed points more: a guess
// on the high side only reserves address space the points never touch, one on the low side costs a move.
std::size_t
expected_point_count(std::string_view json)
{
  constexpr std::size_t k_typical_point_bytes = 768;
  return json.size() / k_typical_point_bytes + 1;
}

Result<domain::Dataset>
read_sections(std::string_view json, const JsonParsing& parsing, SnapshotBuilder& builder)
{
  JsonInput input(json, parsing);
  INFERTRACK_TRY_ASSIGN(top, input.top("a snapshot", k_expected_snapshot));
  INFERTRACK_TRY(input.finish(for_each_field(top,
                                             JsonPlace{"snapshot", JsonPlace::k_no_index, {}},
                                             k_expected_snapshot,
                                             [&](std::string_view key, JsonValue& value, const JsonPlace& at) {
                                               return builder.add(key, value, at);
                                             }),
                              "the snapshot"));
  return std::move(builder).finish();
}

}  // namespace

Result<domain::Dataset>
read_snapshot(std::string_view json, const JsonParsing& parsing, const PointBatchSink* batches)
{
  const std::string_view text = without_utf8_bom(json);
  const std::size_t expected_points = expected_point_count(text);
  const std::optional<std::size_t> points =
    reads_in_windows(text, parsing) ? find_top_level_array(text, "points", k_points_search_bytes) : std::nullopt;
  if (points) {
    SnapshotBuilder builder(expected_points, batches);
    if (const std::optional<std::string> rest = builder.read_points_in_windows(text, *points, parsing)) {
      return read_sections(*rest, JsonParsing{InputPadding::none, parsing.parser, 0}, builder);
    }
    // Read again whole, handing nothing on, so that the mistake is named as a whole read names it.
    SnapshotBuilder whole(expected_points, nullptr);
    Result<domain::Dataset> read = read_sections(json, parsing, whole);
    if (read) {
      return fail_at(JsonPlace{"snapshot", JsonPlace::k_no_index, "points"},
                     "not readable a window at a time (got points that read whole, expected the same either way)");
    }
    return read;
  }
  SnapshotBuilder builder(expected_points, batches);
  return read_sections(json, parsing, builder);
}

}  // namespace infertrack::formats
