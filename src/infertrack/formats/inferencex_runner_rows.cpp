#include "infertrack/formats/inferencex_runner_rows.hpp"

#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/inferencex_runner_row.hpp"
#include "infertrack/formats/json_array_windows.hpp"
#include "infertrack/formats/json_input.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/formats/kept_points.hpp"

namespace infertrack::formats {

namespace {

using util::Result;

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
read_inferencex_runner_rows(std::string_view json,
                            const RunDefaults& defaults,
                            const JsonParsing& parsing,
                            const PointBatchSink* batches)
{
  KeptPoints points(batches);
  InferencexRunnerRowReader reader(defaults);
  const JsonPlace rows{"rows", JsonPlace::k_no_index, {}};
  const auto read_row = [&](JsonValue& row, std::size_t index) -> Result<void> {
    INFERTRACK_TRY(reader.read(row, JsonPlace{"rows", index, {}}, points.add()));
    const auto added = points.keep_last(index);
    if (added.outcome == PointDedup::Outcome::conflict) {
      const std::string first = "rows[" + std::to_string(added.first_record) + "]";
      return fail_at(JsonPlace{"rows", index, {}},
                     "conflicting duplicate (got the configuration, concurrency, date and run of " + first
                       + " again with different values, expected the same values as " + first + ")");
    }
    return {};
  };
  domain::Dataset dataset;
  points.reserve(expected_row_count(json));
  if (auto windowed = read_array_in_windows(json, parsing, rows, "the rows", read_row)) {
    INFERTRACK_TRY(expecting_document(std::move(*windowed), k_expected));
    dataset.points = points.take();
    return dataset;
  }

  JsonInput input(json, parsing);
  INFERTRACK_TRY_ASSIGN(top, expecting_document(input.top("InferenceX runner rows", k_expected), k_expected));
  simdjson::ondemand::json_type type{};
  if (const auto error = top.type().get(type); error != simdjson::SUCCESS) {
    return expecting_document(json_error(error, JsonPlace{}), k_expected);
  }
  Result<void> read;
  if (type == simdjson::ondemand::json_type::object) {
    read = reader.read(top, JsonPlace{"row", JsonPlace::k_no_index, {}}, points.add());
    if (read) {
      points.keep_last(0);
    }
  } else {
    read = for_each_element(top, rows, k_expected, read_row);
  }
  INFERTRACK_TRY(expecting_document(input.finish(std::move(read), "the rows"), k_expected));
  dataset.points = points.take();
  return dataset;
}

}  // namespace infertrack::formats
