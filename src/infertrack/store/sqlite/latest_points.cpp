#include "infertrack/store/sqlite/latest_points.hpp"

#include "infertrack/store/sqlite/point_reader.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

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
  std::string where;
  std::vector<std::variant<std::string_view, std::int64_t>> parameters;
  auto add = [&](std::string_view condition, auto value) {
    where += where.empty() ? " WHERE " : " AND ";
    where += condition;
    parameters.emplace_back(value);
  };
  auto add_text = [&](std::string_view condition, const std::optional<std::string>& value) {
    if (value) {
      add(condition, std::string_view(*value));
    }
  };
  add_text("model = ?", filter.model);
  add_text("hardware = ?", filter.hardware);
  add_text("framework = ?", filter.framework);
  add_text("precision = ?", filter.precision);
  add_text("spec_method = ?", filter.spec_method);
  if (filter.disaggregated) {
    add("disaggregated = ?", std::int64_t{*filter.disaggregated ? 1 : 0});
  }
  add_text("date = ?", filter.date);
  add_text("date <= ?", filter.as_of); // YYYY-MM-DD text sorts as the dates do

  const std::string latest_runs = "(p.model, p.hardware, p.framework, p.precision, p.spec_method, p.disaggregated,"
                                  " p.workload, p.date) IN (SELECT " +
                                  std::string(k_configuration) + ", MAX(date) FROM points" + where +
                                  " GROUP BY " + std::string(k_configuration) + ")";
  Statement statement(db, select_points_sql(latest_runs));
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    std::visit([&](auto value) { statement.bind(static_cast<int>(i + 1), value); }, parameters[i]);
  }
  return read_points(statement);
}

}  // namespace infertrack::store::sqlite
