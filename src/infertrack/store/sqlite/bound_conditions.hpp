#pragma once

#include "infertrack/store/sql/point_filter_sql.hpp"
#include "infertrack/store/sqlite/connection.hpp"

namespace infertrack::store::sqlite {

// Binds every value of `conditions` to `statement` in order, from parameter 1.
inline void
bind_conditions(Statement& statement, const BoundConditions& conditions)
{
  const auto& values = conditions.values();
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::visit([&](auto value) { statement.bind(static_cast<int>(i + 1), value); }, values[i]);
  }
}

}  // namespace infertrack::store::sqlite
