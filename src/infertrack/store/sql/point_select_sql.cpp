#include "infertrack/store/sql/point_select_sql.hpp"

#include "infertrack/domain/benchmark_point.hpp"

#include <array>

namespace infertrack::store {
namespace {

// The columns of the fields domain::check_runs reads: which run a point belongs to and what it measured it on.
constexpr std::array<std::string_view, 12> k_run_check_columns = {
  "result_id", "model", "hardware", "framework", "precision", "spec_method", "disaggregated", "workload", "date",
  "interactivity_p90", "interactivity_median", "per_gpu_basis",
};

std::string
select_sql(std::string_view columns, std::string_view where, std::string_view from)
{
  std::string sql = "SELECT " + std::string(columns) + " FROM " + std::string(from);
  if (!where.empty()) {
    sql += " WHERE ";
    sql += where;
  }
  // result_id last makes the order total.
  sql += " ORDER BY p.model, p.hardware, p.framework, p.precision, p.spec_method, p.disaggregated,"
         " p.workload, p.date, p.concurrency, p.result_id";
  return sql;
}

}  // namespace

const ChosenFields&
run_check_fields()
{
  static const ChosenFields k_fields = fields_named<domain::BenchmarkPoint>(k_run_check_columns);
  return k_fields;
}

std::string
select_points_sql(std::string_view where)
{
  return select_points_sql(where, "points p");
}

std::string
select_points_sql(std::string_view where, std::string_view from)
{
  return select_sql(column_list<domain::BenchmarkPoint>("p") + ", p.notes", where, from);
}

std::string
select_latest_points_sql(std::string_view where_clause)
{
  // A join rather than `(configuration_id, date) IN (...)`: SQLite 3.40 looks such a row value up by
  // configuration_id only, reading every run of it.
  const std::string latest_runs = "(SELECT configuration_id, MAX(date) AS date FROM points" +
                                  std::string(where_clause) +
                                  " GROUP BY configuration_id) AS latest"
                                  " JOIN points p ON p.configuration_id = latest.configuration_id"
                                  " AND p.date = latest.date";
  return select_points_sql("", latest_runs);
}

std::string
select_run_points_sql(std::string_view where)
{
  return select_sql(column_list<domain::BenchmarkPoint>("p", run_check_fields()), where, "points p");
}

std::string
frontier_sample_columns(domain::ThroughputMetric metric)
{
  std::string_view per_gpu = "total_tps_per_gpu";
  switch (metric) {
    case domain::ThroughputMetric::total:
      break;
    case domain::ThroughputMetric::input:
      per_gpu = "input_tps_per_gpu";
      break;
    case domain::ThroughputMetric::output:
      per_gpu = "output_tps_per_gpu";
      break;
  }
  return "model, hardware, framework, precision, spec_method, disaggregated, workload, date, result_id, concurrency,"
         " run_url, interactivity_p90, interactivity_median, " +
         std::string(per_gpu) + ", per_gpu_basis, prefill_gpus, decode_gpus";
}

const char*
configuration_names_sql(ConfigurationName name)
{
  // In ConfigurationName's order.
  static constexpr std::array<const char*, 5> k_sql = {
    "SELECT DISTINCT model FROM configurations ORDER BY 1",
    "SELECT DISTINCT hardware FROM configurations ORDER BY 1",
    "SELECT DISTINCT framework FROM configurations ORDER BY 1",
    "SELECT DISTINCT precision FROM configurations ORDER BY 1",
    "SELECT DISTINCT spec_method FROM configurations ORDER BY 1",
  };
  return k_sql.at(static_cast<std::size_t>(name));
}

}  // namespace infertrack::store
