#include "infertrack/store/sqlite/points_page.hpp"

#include "infertrack/store/sqlite/point_reader.hpp"

#include <cstdint>
#include <algorithm>
#include <limits>
#include <string>
#include <variant>

namespace infertrack::store::sqlite {
namespace {

// The listing order of Store::points(); result_id last makes it total, so a point names one position.
constexpr std::string_view k_listing_key =
  "model, hardware, framework, precision, spec_method, disaggregated, workload, date, concurrency, result_id";

}  // namespace

std::vector<domain::BenchmarkPoint>
read_points_page(Connection& db, const PointFilter& filter, std::optional<std::string_view> after, std::size_t limit)
{
  // Values are bound, never spliced into the SQL.
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
  if (after) {
    // An id that names no point makes the row value NULL, and the page empty.
    add("(" + std::string(k_listing_key) + ") > (SELECT " + std::string(k_listing_key) +
          " FROM points WHERE result_id = ?)",
        *after);
  }
  // SQLite's LIMIT is a signed 64-bit integer.
  const auto bounded = static_cast<std::int64_t>(
    std::min<std::size_t>(limit, static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max())));
  parameters.emplace_back(bounded);

  // The page's ids are chosen first, then read with their notes (one row per note), so the limit counts
  // points and not note rows.
  const std::string page = "p.result_id IN (SELECT result_id FROM points" + where + " ORDER BY " +
                           std::string(k_listing_key) + " LIMIT ?)";
  Statement statement(db, select_points_sql(page));
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    std::visit([&](auto value) { statement.bind(static_cast<int>(i + 1), value); }, parameters[i]);
  }
  return read_points(statement);
}

}  // namespace infertrack::store::sqlite
