#pragma once

#include "infertrack/store/store.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace infertrack::store {

// SQL conditions joined by AND, with the values they bind: values are always bound, never spliced into the SQL.
// Parameters are written `?`, SQLite's spelling; PostgreSQL numbers them (postgres/placeholders.hpp).
class BoundConditions
{
public:
  using Value = std::variant<std::string_view, std::int64_t>;

  void add(std::string_view condition, Value value);
  // Adds `condition`, which embeds the conditions of `inner` (a subquery's), with inner's values.
  void add(std::string_view condition, const BoundConditions& inner);
  // Appends a value bound after the conditions' own (e.g. a LIMIT).
  void add_value(Value value) { m_values.push_back(value); }

  // The conditions alone ("a = ? AND b = ?"), "" when there are none.
  const std::string& conditions() const { return m_conditions; }
  // " WHERE a = ? AND b = ?", or "" when there are no conditions.
  std::string where_clause() const { return m_conditions.empty() ? "" : " WHERE " + m_conditions; }
  // The values, in the order of their parameters.
  const std::vector<Value>& values() const { return m_values; }

private:
  std::string m_conditions;
  std::vector<Value> m_values;
};

// The conditions of `filter` on the points table, each column named with `column_prefix` ("p." for an
// aliased table). The configuration fields become one `configuration_id IN (SELECT id FROM configurations
// WHERE ...)`, so that the points are found through points_by_configuration_id. The filter's strings must
// outlive the result (as for the two functions below).
BoundConditions point_filter_conditions(const PointFilter& filter, std::string_view column_prefix = "");

// The conditions of `filter`'s configuration fields on the configurations table's columns (model = ? ...).
BoundConditions configuration_filter_conditions(const PointFilter& filter);

// Adds to `conditions` those of `filter` on a point's own columns (its date and as_of).
void add_date_conditions(BoundConditions& conditions, const PointFilter& filter, std::string_view column_prefix = "");

}  // namespace infertrack::store
