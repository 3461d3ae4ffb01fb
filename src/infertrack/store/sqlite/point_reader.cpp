#include "infertrack/store/sqlite/point_reader.hpp"

#include "infertrack/store/records/notes_column.hpp"
#include "infertrack/store/sql/point_select_sql.hpp"
#include "infertrack/store/sqlite/record_codec.hpp"


namespace infertrack::store::sqlite {

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

void
read_run_points(Statement& statement, const std::function<void(domain::BenchmarkPoint&&)>& take)
{
  StatementScope scope(statement);
  while (statement.step()) {
    domain::BenchmarkPoint point;
    read_record(statement, point, 0, run_check_fields());
    take(std::move(point));
  }
}

}  // namespace infertrack::store::sqlite
