#pragma once

#include "infertrack/app/queries/run_spread.hpp"
#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace infertrack::app {

// "Which measured points make each configuration's Pareto frontier?", over the points `filter` selects.
struct FrontierQuery
{
  store::PointFilter filter;
  domain::CurveOptions curve;
  // Also read each configuration's earlier runs: the run-to-run spread band of each curve, and each point marked
  // new or carried over from the run before.
  bool spread = false;
};

// A configuration the query selects that has no curve, and why: none of its run's points has an interactivity at
// the asked basis with a throughput of the asked metric.
struct LeftOutConfiguration
{
  std::string configuration; // the config group label, run date included
  std::string reason;
};

// The configurations of `points` whose labels `answered` lacks, once each, with the reason `options` gives.
std::vector<LeftOutConfiguration> left_out_configurations(std::span<const domain::BenchmarkPoint> points,
                                                          std::set<std::string> answered,
                                                          const domain::CurveOptions& options);

// The curves and the points they were made of (the latest run of each configuration, or the run of the
// filter's date), so that each curve's points can be shown beside it; and the configurations left without one.
struct FrontierAnswer
{
  std::vector<domain::BenchmarkPoint> points;
  std::vector<domain::PerformanceCurve> curves;
  std::vector<LeftOutConfiguration> left_out;
  std::optional<RunSpreads> spreads; // when asked
};

// Reads only the latest selected run of each configuration (Store::latest_points).
FrontierAnswer frontiers(store::Store& store, const FrontierQuery& query);

// The curves as GET /api/v1/frontier lists them: per curve its configuration, run date, frontier knots,
// spline samples for drawing, and its points (knots first) each with on_frontier, x and y.
nlohmann::json curves_json(const FrontierAnswer& answer);

}  // namespace infertrack::app
