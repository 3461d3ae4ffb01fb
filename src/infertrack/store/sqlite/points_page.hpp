#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/store.hpp"

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace infertrack::store::sqlite {

// Store::points_page() on `db`: at most `limit` points of `filter` that follow the point `after` (a result
// id) in listing order (keyset paging): the matching configurations from the cursor's on, in listing order,
// then each one's points after the cursor through points_by_configuration_id, so that a page costs the same
// wherever it starts and earlier pages are never read again.
std::vector<domain::BenchmarkPoint> read_points_page(Connection& db,
                                                     const PointFilter& filter,
                                                     std::optional<std::string_view> after,
                                                     std::size_t limit);

}  // namespace infertrack::store::sqlite
