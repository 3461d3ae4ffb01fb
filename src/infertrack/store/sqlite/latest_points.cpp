#include "infertrack/store/sqlite/latest_points.hpp"

#include "infertrack/store/sqlite/bound_conditions.hpp"
#include "infertrack/store/sqlite/point_reader.hpp"

#include <string>

namespace infertrack::store::sqlite {

std::vector<domain::BenchmarkPoint>
read_latest_points(Connection& db, const PointFilter& filter)
{
  // The filter narrows the runs considered (as_of bounds which run is the latest).
  const BoundConditions filtered = point_filter_conditions(filter);
  Statement statement(db, select_latest_points_sql(filtered.where_clause()));
  bind_conditions(statement, filtered);
  return read_points(statement);
}

}  // namespace infertrack::store::sqlite
