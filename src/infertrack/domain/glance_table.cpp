#include "infertrack/domain/glance_table.hpp"

#include "infertrack/domain/service_level_presets.hpp"
#include "infertrack/util/assertions.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <iterator>
#include <map>
#include <utility>

namespace infertrack::domain {

GlanceColumn
target_column(double interactivity)
{
  return {fmt::format("{:g} tok/s/user", interactivity), interactivity};
}

GlanceTargets
glance_targets(std::span<const PerformanceCurve> curves, double step)
{
  INFERTRACK_ASSERT(step > 0);
  double lowest = std::numeric_limits<double>::infinity();
  double highest = -std::numeric_limits<double>::infinity();
  for (const PerformanceCurve& curve : curves) {
    // Knots are in increasing interactivity: the ends are the curve's range.
    if (!curve.frontier.empty()) {
      lowest = std::min(lowest, curve.frontier.front().interactivity);
      highest = std::max(highest, curve.frontier.back().interactivity);
    }
  }
  GlanceTargets targets;
  if (!(lowest <= highest)) {
    return targets; // no knot at all
  }
  // Multiples by their index, so that 30 is 3 * 10 exactly rather than 10 + 10 + 10 with its rounding.
  const double first = std::ceil(lowest / step);
  const double last = std::floor(highest / step);
  if (first > last) {
    return targets;
  }
  const double count = last - first + 1;
  const auto kept = static_cast<std::size_t>(std::min(count, static_cast<double>(k_glance_max_targets)));
  const double beyond = count - static_cast<double>(kept);
  constexpr auto k_most = std::numeric_limits<std::size_t>::max();
  targets.left_out = beyond >= static_cast<double>(k_most) ? k_most : static_cast<std::size_t>(beyond);
  targets.columns.reserve(kept);
  for (std::size_t i = 0; i < kept; ++i) {
    targets.columns.push_back(target_column((first + static_cast<double>(i)) * step));
  }
  return targets;
}

GlanceTable
glance_table(std::vector<PerformanceCurve> curves, std::vector<GlanceColumn> columns)
{
  GlanceTable table;
  table.rows.reserve(curves.size());
  for (PerformanceCurve& curve : curves) {
    GlanceRow row;
    row.cells.reserve(columns.size());
    for (const GlanceColumn& column : columns) {
      row.cells.push_back(interpolate_curve(curve, column.interactivity));
    }
    row.curve = std::move(curve);
    table.rows.push_back(std::move(row));
  }
  table.columns = std::move(columns);
  return table;
}

GlanceTable
glance_table(std::vector<PerformanceCurve> curves)
{
  GlanceTargets targets = glance_targets(curves);
  GlanceTable table = glance_table(std::move(curves), std::move(targets.columns));
  table.targets_left_out = targets.left_out;
  return table;
}

std::vector<GlanceServiceLevelColumn>
preset_columns()
{
  std::vector<GlanceServiceLevelColumn> columns;
  for (const ServiceLevelPreset& preset : service_level_presets()) {
    columns.push_back({std::string(preset.key), std::string(preset.label), preset_target(preset)});
  }
  return columns;
}

void
add_service_level_columns(GlanceTable& table,
                          std::span<const BenchmarkPoint> points,
                          std::vector<GlanceServiceLevelColumn> columns,
                          const CurveOptions& options)
{
  for (const GlanceServiceLevelColumn& column : columns) {
    std::map<ConfigGroupKey, GlanceServiceLevelCell> cells;
    for (ServiceLevelAnswer& answer : evaluate_service_level(points, column.target, options)) {
      cells.emplace(answer.group, GlanceServiceLevelCell{answer.throughput, answer.binding, std::move(answer.none_reason)});
    }
    for (GlanceRow& row : table.rows) {
      const auto cell = cells.find(row.curve.group);
      // evaluate_service_level builds the same curves from the same points and options.
      INFERTRACK_ASSERT(cell != cells.end());
      row.slo_cells.push_back(std::move(cell->second));
    }
  }
  std::move(columns.begin(), columns.end(), std::back_inserter(table.slo_columns));
}

}  // namespace infertrack::domain
