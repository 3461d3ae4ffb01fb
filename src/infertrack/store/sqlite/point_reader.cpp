#include "infertrack/store/sqlite/point_reader.hpp"

#include "infertrack/store/sqlite/notes_column.hpp"
#include "infertrack/store/sqlite/record_codec.hpp"

namespace infertrack::store::sqlite {

std::string
select_points_sql(std::string_view where)
{
  return select_points_sql(where, "points p");
}

std::string
select_points_sql(std::string_view where, std::string_view from)
{
  std::string sql = "SELECT " + column_list<domain::BenchmarkPoint>("p") + ", p.notes FROM " + std::string(from);
  if (!where.empty()) {
    sql += " WHERE ";
    sql += where;
  }
  // result_id last makes the order total.
  sql += " ORDER BY p.model, p.hardware, p.framework, p.precision, p.spec_method, p.disaggregated,"
         " p.workload, p.date, p.concurrency, p.result_id";
  return sql;
}

std::vector<domain::BenchmarkPoint>
read_points(Statement& statement)
{
  StatementScope scope(statement);
  std::vector<domain::BenchmarkPoint> points;
  while (statement.step()) {
    domain::BenchmarkPoint& point = points.emplace_back();
    const int notes = read_record(statement, point, 0);
    if (!statement.is_null(notes)) {
      point.notes = notes_from_column(statement.column_text(notes));
    }
  }
  return points;
}

}  // namespace infertrack::store::sqlite
