#include "infertrack/store/sqlite/points_page.hpp"

#include "infertrack/store/sqlite/point_filter_sql.hpp"
#include "infertrack/store/sqlite/point_reader.hpp"

#include <cstdint>
#include <algorithm>
#include <limits>
#include <string>

namespace infertrack::store::sqlite {
namespace {

// The listing order of Store::points(); result_id last makes it total, so a point names one position.
constexpr std::string_view k_listing_key =
  "model, hardware, framework, precision, spec_method, disaggregated, workload, date, concurrency, result_id";

}  // namespace

std::vector<domain::BenchmarkPoint>
read_points_page(Connection& db, const PointFilter& filter, std::optional<std::string_view> after, std::size_t limit)
{
  BoundConditions filtered = point_filter_conditions(filter);
  if (after) {
    // An id that names no point makes the row value NULL, and the page empty.
    filtered.add("(" + std::string(k_listing_key) + ") > (SELECT " + std::string(k_listing_key) +
                   " FROM points WHERE result_id = ?)",
                 *after);
  }
  // SQLite's LIMIT is a signed 64-bit integer.
  const auto bounded = static_cast<std::int64_t>(
    std::min<std::size_t>(limit, static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max())));
  filtered.add_value(bounded);

  // The page's ids are chosen first, then read with their notes (one row per note), so the limit counts
  // points and not note rows.
  const std::string page = "p.result_id IN (SELECT result_id FROM points" + filtered.where_clause() + " ORDER BY " +
                           std::string(k_listing_key) + " LIMIT ?)";
  Statement statement(db, select_points_sql(page));
  filtered.bind(statement);
  return read_points(statement);
}

}  // namespace infertrack::store::sqlite
