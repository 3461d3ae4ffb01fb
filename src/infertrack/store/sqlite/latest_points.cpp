#include "infertrack/store/sqlite/latest_points.hpp"

#include "infertrack/store/sqlite/bound_conditions.hpp"
#include "infertrack/store/sqlite/point_reader.hpp"

#include <string>

namespace infertrack::store::sqlite {

std::vector<domain::BenchmarkPoint>
read_latest_points(Connection& db, const PointFilter& filter)
{
  // The filter narrows the runs considered (as_of bounds which run is the latest); the inner query reads
  // the (configuration_id, MAX(date)) pairs from points_by_configuration_id alone, and the join reads
  // exactly the points of each chosen run through the same index. A join rather than `(configuration_id,
  // date) IN (...)`: SQLite 3.40 looks such a row value up by configuration_id only, reading every run of it.
  const BoundConditions filtered = point_filter_conditions(filter);
  const std::string latest_runs = "(SELECT configuration_id, MAX(date) AS date FROM points" +
                                  filtered.where_clause() +
                                  " GROUP BY configuration_id) AS latest"
                                  " JOIN points p ON p.configuration_id = latest.configuration_id"
                                  " AND p.date = latest.date";
  Statement statement(db, select_points_sql("", latest_runs));
  bind_conditions(statement, filtered);
  return read_points(statement);
}

}  // namespace infertrack::store::sqlite
