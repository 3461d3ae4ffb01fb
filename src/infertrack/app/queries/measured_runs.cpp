#include "infertrack/app/queries/measured_runs.hpp"

#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/frontier_sample.hpp"

#include <algorithm>
#include <deque>
#include <unordered_set>

namespace infertrack::app {
namespace {

// A run as views into a key kept in measured_runs' list (or into the sample being read, when looked up).
struct RunView
{
  domain::ConfigurationView configuration;
  std::string_view date;

  bool operator==(const RunView&) const = default;
};

struct RunViewHash
{
  std::size_t operator()(const RunView& run) const
  {
    return domain::hash_combine(domain::ConfigurationHash{}(run.configuration), run.date);
  }
};

}  // namespace

std::vector<domain::ConfigGroupKey>
measured_runs(store::Store& store, const store::PointFilter& filter)
{
  // Thousands of points share a run: each sample is looked up by its views, and only a new run is copied.
  std::deque<domain::ConfigGroupKey> runs;
  std::unordered_set<RunView, RunViewHash> seen;
  store.frontier_samples(filter, domain::ThroughputMetric::total, [&](const domain::FrontierSample& sample) {
    if (seen.contains(RunView{sample.configuration, sample.date})) {
      return;
    }
    const domain::ConfigurationView& c = sample.configuration;
    runs.push_back({std::string(c.model), std::string(c.hardware), std::string(c.framework),
                    std::string(c.precision), std::string(c.spec_method), c.disaggregated, std::string(c.workload),
                    std::string(sample.date)});
    const domain::ConfigGroupKey& run = runs.back();
    seen.insert(RunView{{run.model, run.hardware, run.framework, run.precision, run.spec_method, run.disaggregated,
                         run.workload},
                        run.date});
  });
  std::vector<domain::ConfigGroupKey> sorted(std::make_move_iterator(runs.begin()), std::make_move_iterator(runs.end()));
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

}  // namespace infertrack::app
