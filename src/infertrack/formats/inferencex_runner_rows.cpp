#include "infertrack/formats/inferencex_runner_rows.hpp"

#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/inferencex_runner_row.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/formats/point_dedup.hpp"

namespace infertrack::formats {

namespace {

using util::Result;

constexpr std::string_view k_utf8_bom = "\xEF\xBB\xBF";
constexpr std::string_view k_expected = "a runner result object or an array of them";

// About how many rows an array `json` holds, so that the points are built in place without the vector moving
// them (1.1 KB each) as it grows. A fixed-length row takes 1.3 KB or more, an agentic one 3 KB or more; a guess
// on the high side only reserves address space.
std::size_t
expected_row_count(std::string_view json)
{
  constexpr std::size_t k_small_row_bytes = 1024;
  return json.size() / k_small_row_bytes + 1;
}

}  // namespace

Result<domain::Dataset>
read_inferencex_runner_rows(std::string_view json, const RunDefaults& defaults)
{
  if (json.starts_with(k_utf8_bom)) {
    json.remove_prefix(k_utf8_bom.size());
  }
  const JsonPlace whole{};
  // On-Demand reads past the end of the text by design: it needs its own padded copy (see read_snapshot).
  const simdjson::padded_string padded(json);
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document document;
  if (const auto error = parser.iterate(padded).get(document); error != simdjson::SUCCESS) {
    return expecting_document(json_error(error, whole), k_expected);
  }
  JsonValue top;
  simdjson::ondemand::json_type type{};
  if (const auto error = document.get_value().get(top); error != simdjson::SUCCESS) {
    if (error == simdjson::SCALAR_DOCUMENT_AS_VALUE) {
      return fail_at(whole, "not InferenceX runner rows (got a single JSON value, expected " + std::string(k_expected)
                              + ")");
    }
    return expecting_document(json_error(error, whole), k_expected);
  }
  if (const auto error = top.type().get(type); error != simdjson::SUCCESS) {
    return expecting_document(json_error(error, whole), k_expected);
  }

  domain::Dataset dataset;
  PointDedup dedup;
  InferencexRunnerRowReader reader(defaults);
  Result<void> read;
  if (type == simdjson::ondemand::json_type::object) {
    read = reader.read(top, JsonPlace{"row", JsonPlace::k_no_index, {}}, dataset.points.emplace_back());
  } else {
    dedup.reserve(dataset.points, expected_row_count(json));
    read = for_each_element(
      top,
      JsonPlace{"rows", JsonPlace::k_no_index, {}},
      k_expected,
      [&](JsonValue& row, std::size_t index) -> Result<void> {
        INFERTRACK_TRY(reader.read(row, JsonPlace{"rows", index, {}}, dataset.points.emplace_back()));
        const auto added = dedup.add_last(dataset.points, index);
        if (added.outcome == PointDedup::Outcome::conflict) {
          const std::string first = "rows[" + std::to_string(added.first_record) + "]";
          return fail_at(JsonPlace{"rows", index, {}},
                         "conflicting duplicate (got the configuration, concurrency, date and run of " + first
                           + " again with different values, expected the same values as " + first + ")");
        }
        return {};
      });
  }
  if (!read) {
    // On-Demand meets the end of a cut file as some structural error where it stops; say what happened.
    if (read.error().message.starts_with(k_invalid_json) && ends_inside_json_value(json)) {
      read.error().message = std::string(k_truncated_json);
    }
    return expecting_document(tl::unexpected<util::Diagnostic>(std::move(read).error()), k_expected);
  }
  if (const char* rest = nullptr; document.current_location().get(rest) == simdjson::SUCCESS) {
    return fail_at(whole,
                   "trailing content after the rows (got "
                     + quoted_text(std::string_view(rest, padded.data() + padded.size() - rest))
                     + ", expected the end of the input)");
  }
  return dataset;
}

}  // namespace infertrack::formats
