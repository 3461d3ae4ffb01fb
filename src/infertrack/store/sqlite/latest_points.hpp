#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/store.hpp"

#include <vector>

namespace infertrack::store::sqlite {

// Store::latest_points() on `db`: the points of the latest run date of each configuration `filter`
// matches, chosen in SQL (a GROUP BY of configurations and their MAX(date), matched back as a row value),
// so that only those points are read. Portable SQL: row values and IN (subquery) are in PostgreSQL too.
std::vector<domain::BenchmarkPoint> read_latest_points(Connection& db, const PointFilter& filter);

}  // namespace infertrack::store::sqlite
