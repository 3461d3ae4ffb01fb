#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/store/sqlite/connection.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store::sqlite {

// A SELECT of points (table alias `p`) with their notes, one row per point, in the listing order of
// Store::points(). `where` is an SQL condition over `p` with `?` parameters,
// or empty for every point.
std::string select_points_sql(std::string_view where);
// The same over `from`, a FROM clause that names the points `p` (a join that picks them, for example).
std::string select_points_sql(std::string_view where, std::string_view from);

// Steps `statement`, prepared from select_points_sql(), to its end and returns the points it lists, each
// with its notes. Resets the statement.
std::vector<domain::BenchmarkPoint> read_points(Statement& statement);

// A SELECT of what domain::check_runs reads of each point (its id, configuration, workload, date,
// interactivity and per-GPU basis), in the same order: a run's stored points are read to check it whole, and a
// point's other 37 columns and its notes were most of the cost of reading them.
std::string select_run_points_sql(std::string_view where);

// Steps `statement`, prepared from select_run_points_sql(), to its end and hands `take` each point it lists,
// with those fields only (the others keep their defaults). Resets the statement.
void read_run_points(Statement& statement, const std::function<void(domain::BenchmarkPoint&&)>& take);

}  // namespace infertrack::store::sqlite
