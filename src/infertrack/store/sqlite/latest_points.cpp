#include "infertrack/store/sqlite/latest_points.hpp"

#include "infertrack/store/sqlite/point_filter_sql.hpp"
#include "infertrack/store/sqlite/point_reader.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace infertrack::store::sqlite {
namespace {

// A configuration's columns, in listing order; with `date` they name one run.
constexpr std::string_view k_configuration = "model, hardware, framework, precision, spec_method, disaggregated, workload";

}  // namespace

std::vector<domain::BenchmarkPoint>
read_latest_points(Connection& db, const PointFilter& filter)
{
  // The filter narrows the runs considered (as_of bounds which run is the latest); the outer query then
  // reads exactly the points of each chosen run through the points_by_configuration index. Values are
  // bound, never spliced into the SQL.
  const BoundConditions filtered = point_filter_conditions(filter);

  const std::string latest_runs = "(p.model, p.hardware, p.framework, p.precision, p.spec_method, p.disaggregated,"
                                  " p.workload, p.date) IN (SELECT " +
                                  std::string(k_configuration) + ", MAX(date) FROM points" + filtered.where_clause() +
                                  " GROUP BY " + std::string(k_configuration) + ")";
  Statement statement(db, select_points_sql(latest_runs));
  filtered.bind(statement);
  return read_points(statement);
}

}  // namespace infertrack::store::sqlite
