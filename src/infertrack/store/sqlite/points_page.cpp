#include "infertrack/store/sqlite/points_page.hpp"

#include "infertrack/store/sqlite/bound_conditions.hpp"
#include "infertrack/store/sqlite/point_reader.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <string>

namespace infertrack::store::sqlite {
namespace {

// A configuration's columns in listing order: the first part of the listing key of Store::points().
constexpr std::string_view k_configuration_columns =
  "model, hardware, framework, precision, spec_method, disaggregated, workload";

// The rest of the listing key, within one configuration; result_id last makes it total, so that a point names
// one position.
constexpr std::string_view k_point_key = "date, concurrency, result_id";

// Where the cursor point stands: its configuration, and its key within it.
struct Cursor
{
  std::int64_t configuration_id = 0;
  std::string date;
  std::int64_t concurrency = 0;
  std::string result_id;
};

std::optional<Cursor>
find_cursor(Connection& db, std::string_view result_id)
{
  Statement statement(db, "SELECT configuration_id, date, concurrency, result_id FROM points WHERE result_id = ?");
  statement.bind(1, result_id);
  StatementScope scope(statement);
  if (!statement.step()) {
    return std::nullopt;
  }
  return Cursor{statement.column_int64(0), std::string(statement.column_text(1)), statement.column_int64(2),
                std::string(statement.column_text(3))};
}

// The ids of the configurations `filter` matches, in listing order, from the cursor's configuration on (when
// there is a cursor). The configurations table is small, and its UNIQUE index gives the order.
std::string
configurations_sql(const BoundConditions& configurations, bool from_cursor)
{
  std::string where = configurations.conditions();
  if (from_cursor) {
    where += where.empty() ? "" : " AND ";
    where += "(" + std::string(k_configuration_columns) + ") >= (SELECT " + std::string(k_configuration_columns) +
             " FROM configurations WHERE id = ?)";
  }
  return "SELECT id FROM configurations" + (where.empty() ? std::string() : " WHERE " + where) + " ORDER BY " +
         std::string(k_configuration_columns);
}

// The conditions on the points of `configuration` that `filter` matches, and that follow the cursor when there
// is one (for the cursor's own configuration).
BoundConditions
configuration_point_conditions(const PointFilter& filter, std::int64_t configuration, const Cursor* cursor)
{
  BoundConditions conditions;
  conditions.add("configuration_id = ?", configuration);
  add_date_conditions(conditions, filter);
  if (cursor) {
    conditions.add("(" + std::string(k_point_key) + ") > (?, ?, ?)", std::string_view(cursor->date));
    conditions.add_value(cursor->concurrency);
    conditions.add_value(std::string_view(cursor->result_id));
  }
  return conditions;
}

// At most LIMIT points of one configuration, in listing order. Their ids are chosen first, through
// points_by_configuration_id (configuration_id, date), then read with their notes (one row per note), so that
// the limit counts points and not note rows.
std::string
configuration_points_sql(const BoundConditions& conditions)
{
  return select_points_sql("p.rowid IN (SELECT rowid FROM points" + conditions.where_clause() + " ORDER BY " +
                           std::string(k_point_key) + " LIMIT ?)");
}

}  // namespace

std::vector<domain::BenchmarkPoint>
read_points_page(Connection& db, const PointFilter& filter, std::optional<std::string_view> after, std::size_t limit)
{
  std::vector<domain::BenchmarkPoint> page;
  if (limit == 0) {
    return page;
  }
  std::optional<Cursor> cursor;
  if (after) {
    cursor = find_cursor(db, *after);
    if (!cursor) {
      return page; // an id that names no point names no place in the listing
    }
  }

  // A page walks the matching configurations in listing order and reads each one's points in order until it
  // is full: a few indexed queries per page, where ordering by the whole listing key in one query sorts every
  // matching point (no index holds a configuration's columns and the date together).
  BoundConditions configurations = configuration_filter_conditions(filter);
  Statement listed(db, configurations_sql(configurations, cursor.has_value()));
  if (cursor) {
    configurations.add_value(cursor->configuration_id);
  }
  bind_conditions(listed, configurations);
  StatementScope listed_scope(listed);

  // Prepared once for every configuration but the cursor's, whose points start after the cursor.
  Statement points(db, configuration_points_sql(configuration_point_conditions(filter, 0, nullptr)));
  while (page.size() < limit && listed.step()) {
    const std::int64_t configuration = listed.column_int64(0);
    const Cursor* from = cursor && cursor->configuration_id == configuration ? &*cursor : nullptr;
    BoundConditions conditions = configuration_point_conditions(filter, configuration, from);
    std::optional<Statement> points_after_cursor;
    if (from) {
      points_after_cursor.emplace(db, configuration_points_sql(conditions));
    }
    Statement& statement = from ? *points_after_cursor : points;
    // SQLite's LIMIT is a signed 64-bit integer.
    conditions.add_value(static_cast<std::int64_t>(std::min<std::size_t>(
      limit - page.size(), static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()))));
    bind_conditions(statement, conditions);
    std::vector<domain::BenchmarkPoint> read = read_points(statement);
    page.insert(page.end(), std::make_move_iterator(read.begin()), std::make_move_iterator(read.end()));
  }
  return page;
}

}  // namespace infertrack::store::sqlite
