#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/store.hpp"

#include <vector>

namespace infertrack::store::sqlite {

// Store::latest_points() on `db`: the points of the latest run date of each configuration `filter`
// matches, chosen in SQL (a GROUP BY of configuration ids and their MAX(date), joined back to the points),
// so that only those points are read. Portable SQL: a join with a derived table is in PostgreSQL too.
std::vector<domain::BenchmarkPoint> read_latest_points(Connection& db, const PointFilter& filter);

}  // namespace infertrack::store::sqlite
