#pragma once

#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

namespace infertrack::app {

// `filter` with its names canonicalised (model, hardware, framework and precision aliases), so that a
// filter typed as "dsv4" or "nvfp4" matches what the store holds.
store::PointFilter canonical_filter(store::PointFilter filter);

// The filters `filter` sets, by their API parameter names: {"model": "...", "as_of": "...", ...}.
nlohmann::json filter_json(const store::PointFilter& filter);

// The filters in words, as the page says what a table holds: "DeepSeek-V4-Pro, mi355x, as of 2026-05-04".
std::string filter_summary(const store::PointFilter& filter);

}  // namespace infertrack::app
