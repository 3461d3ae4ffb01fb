#include "infertrack/formats/row_file.hpp"

#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/json_array_windows.hpp"
#include "infertrack/formats/json_input.hpp"
#include "infertrack/formats/json_values.hpp"

#include <string>

namespace infertrack::formats {

using util::Result;

Result<domain::Dataset>
read_row_file(std::string_view json,
              const RowFile& file,
              const ReadRow& read_row,
              const JsonParsing& parsing,
              const PointBatchSink* batches)
{
  KeptPoints points(batches);
  const JsonPlace rows{"rows", JsonPlace::k_no_index, {}};
  const auto read_element = [&](JsonValue& row, std::size_t index) -> Result<void> {
    // Built in place: a point is large, and most rows are kept.
    INFERTRACK_TRY(read_row(row, JsonPlace{"rows", index, {}}, points.add()));
    const auto added = points.keep_last(index);
    if (added.outcome == PointDedup::Outcome::conflict) {
      const std::string first = "rows[" + std::to_string(added.first_record) + "]";
      return fail_at(JsonPlace{"rows", index, {}},
                     "conflicting duplicate (got the configuration, concurrency, date and run of " + first
                       + " again with different values, expected the same values as " + first + ")");
    }
    return {};
  };
  // A guess on the high side only reserves address space the points never touch.
  points.reserve(json.size() / file.small_row_bytes + 1);
  domain::Dataset dataset;
  if (auto windowed = read_array_in_windows(json, parsing, rows, "the rows", read_element)) {
    INFERTRACK_TRY(expecting_document(std::move(*windowed), file.expected));
    dataset.points = points.take();
    return dataset;
  }

  JsonInput input(json, parsing);
  INFERTRACK_TRY_ASSIGN(top, expecting_document(input.top(file.kind, file.expected), file.expected));
  simdjson::ondemand::json_type type = simdjson::ondemand::json_type::array;
  if (file.one_row_object) {
    if (const auto error = top.type().get(type); error != simdjson::SUCCESS) {
      return expecting_document(json_error(error, JsonPlace{}), file.expected);
    }
  }
  Result<void> read;
  if (type == simdjson::ondemand::json_type::object) {
    read = read_row(top, JsonPlace{"row", JsonPlace::k_no_index, {}}, points.add());
    if (read) {
      points.keep_last(0);
    }
  } else {
    read = for_each_element(top, rows, file.expected, read_element);
  }
  INFERTRACK_TRY(expecting_document(input.finish(std::move(read), "the rows"), file.expected));
  dataset.points = points.take();
  return dataset;
}

}  // namespace infertrack::formats
