#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/history_frontiers.hpp"

#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace infertrack::domain {

// A run: its configuration (date empty) and its date.
using RunKey = std::pair<ConfigGroupKey, std::string>;

// The engine image all of each run's points name; empty when one names none or two differ, so that no spread is
// claimed across runs whose images are not known to match.
std::map<RunKey, std::string> images_by_run(std::span<const BenchmarkPoint> points);

// The image of each run of `frontiers` (images[c][r] for frontiers.run(c, r)), as value_spread and detect_changes
// read them; empty where `images` does not name the run.
std::vector<std::vector<std::string>> frontier_run_images(const HistoryFrontiers& frontiers,
                                                          const std::map<RunKey, std::string>& images);

}  // namespace infertrack::domain
