#pragma once

#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/domain/efficiency.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/headline_comparison.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/domain/run_changes.hpp"
#include "infertrack/store/store.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace infertrack::app {

// "What does each configuration serve at `target` tok/s/user?", over the points `filter` selects.
struct InterpolationQuery
{
  store::PointFilter filter;
  double target = 100;
  domain::CurveOptions curve;
  bool spread = false; // also each row's run-to-run spread at the target (reads every earlier run)
};

// One configuration's answer: its curve, the value on it and what that value costs on its hardware.
struct InterpolationRow
{
  domain::PerformanceCurve curve;
  domain::InterpolatedThroughput value;
  std::optional<domain::HardwareCost> cost;     // its hardware's figures in force on the as-of date, else the latest
  std::optional<domain::Efficiency> efficiency; // derived from the interpolated throughput
  std::vector<domain::DataFinding> findings;    // about the value at this target (thin frontier)
  std::optional<domain::ValueSpread> spread;    // when asked: the runs of its configuration and image close before it
};

// Reads only the latest run of each configuration the query selects (Store::latest_points).
std::vector<InterpolationRow> interpolate(store::Store& store, const InterpolationQuery& query);

// The same answer from points already read: `points` must hold, for each configuration, at least the run
// `query.curve` picks (e.g. Store::latest_points of the query's filter); `costs` is Store::hardware().
std::vector<InterpolationRow> interpolate_points(std::span<const domain::BenchmarkPoint> points,
                                                 std::span<const domain::HardwareCost> costs,
                                                 const InterpolationQuery& query);

// The answer of the interpolate command and route: the rows, and the configurations of the query's latest runs
// left out of them (an answer shorter than the configurations stored says why). Reads the points once.
struct InterpolationAnswer
{
  std::vector<InterpolationRow> rows;
  std::vector<LeftOutConfiguration> left_out;
};
InterpolationAnswer answer_interpolation(store::Store& store, const InterpolationQuery& query);

// Every stored published headline beside the value computed from the stored points of its bracket run
// (only that run is read).
std::vector<domain::HeadlineComparison> headline_comparisons(store::Store& store);

// The headlines an interpolation query answers beside its rows: of its model and target, read as they were
// published (total throughput on P90 ITL), whose bracket run the query's filters and dates select.
std::vector<domain::HeadlineComparison> headline_comparisons(store::Store& store, const InterpolationQuery& query);

}  // namespace infertrack::app
