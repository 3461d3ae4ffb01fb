#pragma once

#include "infertrack/domain/config_group.hpp"
#include "infertrack/store/store.hpp"

#include <vector>

namespace infertrack::app {

// Every run (a configuration and a date) with a point `filter` matches, once each, in listing order (that of
// ConfigGroupKey). Read from the few columns Store::frontier_samples reads, never from whole points.
std::vector<domain::ConfigGroupKey> measured_runs(store::Store& store, const store::PointFilter& filter);

}  // namespace infertrack::app
