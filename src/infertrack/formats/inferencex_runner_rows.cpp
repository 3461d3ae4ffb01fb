#include "infertrack/formats/inferencex_runner_rows.hpp"

#include "infertrack/formats/inferencex_runner_row.hpp"
#include "infertrack/formats/row_file.hpp"

namespace infertrack::formats {

util::Result<domain::Dataset>
read_inferencex_runner_rows(std::string_view json,
                            const RunDefaults& defaults,
                            const JsonParsing& parsing,
                            const PointBatchSink* batches)
{
  // A fixed-length row takes 1.3 KB or more, an agentic one 3 KB or more.
  constexpr RowFile k_file{"InferenceX runner rows", "a runner result object or an array of them", 1024, true};
  InferencexRunnerRowReader reader(defaults);
  return read_row_file(
    json,
    k_file,
    [&](JsonValue& row, const JsonPlace& record, domain::BenchmarkPoint& point) {
      return reader.read(row, record, point);
    },
    parsing,
    batches);
}

}  // namespace infertrack::formats
