#include "infertrack/store/sqlite/point_reader.hpp"

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
  std::string sql = "SELECT " + column_list<domain::BenchmarkPoint>("p") + ", n.kind, n.text FROM " +
                    std::string(from) + " LEFT JOIN point_notes n ON n.result_id = p.result_id";
  if (!where.empty()) {
    sql += " WHERE ";
    sql += where;
  }
  // result_id last makes the order total, so that every note row follows its point's first row.
  sql += " ORDER BY p.model, p.hardware, p.framework, p.precision, p.spec_method, p.disaggregated,"
         " p.workload, p.date, p.concurrency, p.result_id, n.ordinal";
  return sql;
}

std::vector<domain::BenchmarkPoint>
read_points(Statement& statement)
{
  StatementScope scope(statement);
  std::vector<domain::BenchmarkPoint> points;
  int note_column = 0;
  while (statement.step()) {
    // Column 0 is result_id: a new id starts a point, a repeated one only adds its next note.
    if (points.empty() || points.back().result_id != statement.column_text(0)) {
      note_column = read_record(statement, points.emplace_back(), 0);
    }
    if (!statement.is_null(note_column)) {
      points.back().notes.push_back(domain::PointNote{std::string(statement.column_text(note_column)),
                                                      std::string(statement.column_text(note_column + 1))});
    }
  }
  return points;
}

}  // namespace infertrack::store::sqlite
