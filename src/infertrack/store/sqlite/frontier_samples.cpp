#include "infertrack/store/sqlite/frontier_samples.hpp"

#include "infertrack/domain/per_gpu_throughput.hpp"
#include "infertrack/store/sqlite/bound_conditions.hpp"
#include "infertrack/store/sql/point_select_sql.hpp"
#include "infertrack/store/sqlite/record_codec.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace infertrack::store::sqlite {
void
read_frontier_samples(Connection& db,
                      const PointFilter& filter,
                      domain::ThroughputMetric metric,
                      const std::function<void(const domain::FrontierSample&)>& read)
{
  // The filter picks rowids through whichever index suits it; SQLite sorts them for IN, so the table is
  // then read in order (for one model of 800,000 points: 0.28 s against 0.89 s in index order).
  const BoundConditions filtered = point_filter_conditions(filter);
  std::string sql = "SELECT " + frontier_sample_columns(metric) + " FROM points";
  if (!filtered.conditions().empty()) {
    sql += " WHERE rowid IN (SELECT rowid FROM points" + filtered.where_clause() + ")";
  }
  Statement statement(db, sql);
  bind_conditions(statement, filtered);
  StatementScope scope(statement);
  domain::FrontierSample sample;
  domain::PerGpuPools pools;
  while (statement.step()) {
    sample.configuration = {statement.column_text(0),
                            statement.column_text(1),
                            statement.column_text(2),
                            statement.column_text(3),
                            statement.column_text(4),
                            statement.column_int64(5) != 0,
                            statement.column_text(6)};
    sample.date = statement.column_text(7);
    sample.result_id = statement.column_text(8);
    sample.concurrency = statement.column_int64(9);
    sample.run_url = statement.is_null(10) ? std::nullopt : std::optional(statement.column_text(10));
    read_value(statement, 11, sample.interactivity_p90);
    read_value(statement, 12, sample.interactivity_median);
    std::optional<double> per_gpu;
    read_value(statement, 13, per_gpu);
    read_value(statement, 14, pools.basis);
    read_value(statement, 15, pools.prefill_gpus);
    read_value(statement, 16, pools.decode_gpus);
    sample.throughput = domain::on_all_allocated_gpus(per_gpu, metric, pools);
    read(sample);
  }
}

}  // namespace infertrack::store::sqlite
