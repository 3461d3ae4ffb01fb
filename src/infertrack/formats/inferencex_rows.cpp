#include "infertrack/formats/inferencex_rows.hpp"

#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/inferencex_row.hpp"
#include "infertrack/formats/json_array_windows.hpp"
#include "infertrack/formats/json_input.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/formats/kept_points.hpp"

namespace infertrack::formats {

namespace {

using util::Result;

constexpr std::string_view k_expected_rows = "a JSON array of benchmark rows";

// About how many rows `json` holds, so that the points are built in place without the vector moving them as it
// grows. The API's rows take 1.2 to 1.8 KB each (compact, with every latency percentile); a guess on the high
// side only reserves address space.
std::size_t
expected_row_count(std::string_view json)
{
  constexpr std::size_t k_typical_row_bytes = 1024;
  return json.size() / k_typical_row_bytes + 1;
}

}  // namespace

Result<domain::Dataset>
read_inferencex_rows(std::string_view json, const JsonParsing& parsing, const PointBatchSink* batches)
{
  KeptPoints points(batches);
  InferencexRowReader reader;
  const JsonPlace rows{"rows", JsonPlace::k_no_index, {}};
  const auto read_row = [&](JsonValue& row, std::size_t index) -> Result<void> {
    // Built in place: a point is large, and most rows are kept.
    INFERTRACK_TRY(reader.read(row, index, points.add()));
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
    INFERTRACK_TRY(expecting_document(std::move(*windowed), k_expected_rows));
    dataset.points = points.take();
    return dataset;
  }

  JsonInput input(json, parsing);
  INFERTRACK_TRY_ASSIGN(top, expecting_document(input.top("InferenceX rows", k_expected_rows), k_expected_rows));
  Result<void> read = for_each_element(top, rows, k_expected_rows, read_row);
  INFERTRACK_TRY(expecting_document(input.finish(std::move(read), "the rows"), k_expected_rows));
  dataset.points = points.take();
  return dataset;
}

}  // namespace infertrack::formats
