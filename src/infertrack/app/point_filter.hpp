#pragma once

#include "infertrack/store/store.hpp"

namespace infertrack::app {

// `filter` with its names canonicalised (model, hardware, framework and precision aliases), so that a
// filter typed as "dsv4" or "nvfp4" matches what the store holds.
store::PointFilter canonical_filter(store::PointFilter filter);

}  // namespace infertrack::app
