#pragma once

#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/store.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace infertrack::store::sqlite {

// SQL conditions joined by AND, with the values they bind: values are always bound, never spliced into the SQL.
class BoundConditions
{
public:
  using Value = std::variant<std::string_view, std::int64_t>;

  void add(std::string_view condition, Value value);
  // Appends a value bound after the conditions' own (e.g. a LIMIT).
  void add_value(Value value) { m_values.push_back(value); }

  // The conditions alone ("a = ? AND b = ?"), "" when there are none.
  const std::string& conditions() const { return m_conditions; }
  // " WHERE a = ? AND b = ?", or "" when there are no conditions.
  std::string where_clause() const { return m_conditions.empty() ? "" : " WHERE " + m_conditions; }
  // Binds every value in order, from parameter 1.
  void bind(Statement& statement) const;

private:
  std::string m_conditions;
  std::vector<Value> m_values;
};

// The conditions of `filter` on the points table's columns, each named with `column_prefix` ("p." for an
// aliased table). The filter's strings must outlive the result.
BoundConditions point_filter_conditions(const PointFilter& filter, std::string_view column_prefix = "");

}  // namespace infertrack::store::sqlite
