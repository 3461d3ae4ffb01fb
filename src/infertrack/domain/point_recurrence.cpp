#include "infertrack/domain/point_recurrence.hpp"

#include "infertrack/domain/config_group.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace infertrack::domain {
namespace {

// The values that make two points of one concurrency the same measurement.
auto
measured_values(const BenchmarkPoint& point)
{
  return std::tie(point.concurrency, point.per_gpu_tps.total, point.per_gpu_tps.input, point.per_gpu_tps.output,
                  point.interactivity_p90, point.interactivity_median);
}

}  // namespace

const char*
to_string(PointRecurrence recurrence)
{
  return recurrence == PointRecurrence::carried_over ? "carried_over" : "new";
}

std::vector<PointRecurrence>
point_recurrence(std::span<const BenchmarkPoint> points)
{
  std::vector<PointRecurrence> recurrence(points.size(), PointRecurrence::new_numbers);
  std::vector<ConfigGroupKey> keys;
  keys.reserve(points.size());
  for (const BenchmarkPoint& point : points) {
    keys.push_back(config_group_of(point)); // its date included: one key per run
  }
  // By run (configuration, then date), then by the measured values, so that the run before is the previous block.
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (keys[a] != keys[b]) {
      return keys[a] < keys[b];
    }
    return measured_values(points[a]) < measured_values(points[b]);
  });
  const auto same_configuration = [&](std::size_t a, std::size_t b) {
    return keys[a].without_date() == keys[b].without_date();
  };
  std::size_t before_begin = 0; // the run before's block in `order`: [before_begin, before_end)
  std::size_t before_end = 0;
  std::size_t run_begin = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i > 0 && keys[order[i]] != keys[order[i - 1]]) {
      const bool same = same_configuration(order[i], order[i - 1]);
      before_begin = same ? run_begin : i;
      before_end = same ? i : i;
      run_begin = i;
    }
    const auto first = order.begin() + static_cast<std::ptrdiff_t>(before_begin);
    const auto last = order.begin() + static_cast<std::ptrdiff_t>(before_end);
    const auto values = measured_values(points[order[i]]);
    const auto found = std::lower_bound(first, last, values, [&](std::size_t k, const auto& wanted) {
      return measured_values(points[k]) < wanted;
    });
    if (found != last && measured_values(points[*found]) == values) {
      recurrence[order[i]] = PointRecurrence::carried_over;
    }
  }
  return recurrence;
}

}  // namespace infertrack::domain
