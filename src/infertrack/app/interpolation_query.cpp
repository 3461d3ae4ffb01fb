#include "infertrack/app/interpolation_query.hpp"

namespace infertrack::app {

std::vector<InterpolationRow>
interpolate(store::Store& store, const InterpolationQuery& query)
{
  const std::vector<domain::BenchmarkPoint> points = store.points(query.filter);
  const std::vector<domain::HardwareCost> costs = store.hardware();
  std::vector<InterpolationRow> rows;
  for (domain::PerformanceCurve& curve : domain::build_curves(points, query.curve)) {
    InterpolationRow row;
    row.value = domain::interpolate_curve(curve, query.target);
    // A buyer pays today's price whatever day the run was measured, so the latest entry applies.
    row.cost = domain::cost_in_force(costs, curve.group.hardware);
    if (row.cost && row.value.throughput && *row.value.throughput > 0) {
      row.efficiency = domain::efficiency_of(*row.value.throughput, *row.cost);
    }
    row.curve = std::move(curve);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<domain::HeadlineComparison>
headline_comparisons(store::Store& store)
{
  return domain::compare_headlines(store.headlines(), store.points({}));
}

}  // namespace infertrack::app
