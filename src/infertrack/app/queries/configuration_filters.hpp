#pragma once

#include "infertrack/store/store.hpp"

#include <vector>

namespace infertrack::app {

// The configuration groups (model, hardware, framework, precision, spec method, disaggregation) that
// `filter` matches, each as `filter` narrowed to that one group, in listing order: reading store.points()
// of each in turn gives what store.points(filter) gives, while holding one group's points at a time
// instead of every point at once (a model may have tens of thousands). Found from the latest runs alone.
std::vector<store::PointFilter> configuration_filters(store::Store& store, const store::PointFilter& filter);

}  // namespace infertrack::app
