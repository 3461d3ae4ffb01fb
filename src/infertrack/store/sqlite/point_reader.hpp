#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/store/sql/point_select_sql.hpp"
#include "infertrack/store/sqlite/connection.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store::sqlite {

// Steps `statement`, prepared from select_points_sql(), to its end and returns the points it lists, each
// with its notes. Resets the statement.
std::vector<domain::BenchmarkPoint> read_points(Statement& statement);

// Steps `statement`, prepared from select_run_points_sql(), to its end and hands `take` each point it lists,
// with those fields only (the others keep their defaults). Resets the statement.
void read_run_points(Statement& statement, const std::function<void(domain::BenchmarkPoint&&)>& take);

}  // namespace infertrack::store::sqlite
