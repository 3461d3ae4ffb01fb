#pragma once

#include "infertrack/domain/frontier_sample.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/store.hpp"

#include <functional>

namespace infertrack::store::sqlite {

// Store::frontier_samples() on `db`: the few columns a history reads of each point `filter` matches, in
// table order. A history reads most of the table, and reading it through an index (as points() does for
// its listing order) reads its pages out of order, each whole: three to four times slower for these
// columns, and every other column copied out besides.
void read_frontier_samples(Connection& db,
                           const PointFilter& filter,
                           domain::ThroughputMetric metric,
                           const std::function<void(const domain::FrontierSample&)>& read);

}  // namespace infertrack::store::sqlite
