#include "infertrack/formats/inferencex_rows.hpp"

#include "infertrack/formats/inferencex_row.hpp"
#include "infertrack/formats/row_file.hpp"

namespace infertrack::formats {

util::Result<domain::Dataset>
read_inferencex_rows(std::string_view json, const JsonParsing& parsing, const PointBatchSink* batches)
{
  // The API's rows take 1.2 to 1.8 KB each (compact, with every latency percentile).
  constexpr RowFile k_file{"InferenceX rows", "a JSON array of benchmark rows", 1024};
  InferencexRowReader reader;
  return read_row_file(
    json,
    k_file,
    [&](JsonValue& row, const JsonPlace& record, domain::BenchmarkPoint& point) {
      return reader.read(row, record.index, point);
    },
    parsing,
    batches);
}

}  // namespace infertrack::formats
