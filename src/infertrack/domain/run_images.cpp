#include "infertrack/domain/run_images.hpp"

#include <set>

namespace infertrack::domain {

std::map<RunKey, std::string>
images_by_run(std::span<const BenchmarkPoint> points)
{
  std::map<RunKey, std::string> images;
  std::set<RunKey> unknown;
  for (const BenchmarkPoint& point : points) {
    RunKey key{config_group_of(point).without_date(), point.date};
    const std::string named = point.image.value_or("");
    const auto [found, added] = images.try_emplace(key, named);
    if (named.empty() || (!added && found->second != named)) {
      unknown.insert(std::move(key));
    }
  }
  for (const RunKey& key : unknown) {
    images[key].clear();
  }
  return images;
}

std::vector<std::vector<std::string>>
frontier_run_images(const HistoryFrontiers& frontiers, const std::map<RunKey, std::string>& images)
{
  std::vector<std::vector<std::string>> by_run(frontiers.configuration_count());
  for (std::size_t c = 0; c < frontiers.configuration_count(); ++c) {
    for (std::size_t r = 0; r < frontiers.run_count(c); ++r) {
      const auto found = images.find({frontiers.configuration(c), frontiers.date(frontiers.run(c, r).date)});
      by_run[c].push_back(found == images.end() ? "" : found->second);
    }
  }
  return by_run;
}

}  // namespace infertrack::domain
