#include "infertrack/app/queries/frontier_query.hpp"

#include "infertrack/app/queries/json_views.hpp"

#include <fmt/core.h>

#include <map>
#include <string>

namespace infertrack::app {
namespace {

constexpr std::size_t k_curve_samples = 48; // enough for a smooth line at chart width, small on the wire

}  // namespace

std::vector<LeftOutConfiguration>
left_out_configurations(std::span<const domain::BenchmarkPoint> points,
                        std::set<std::string> answered,
                        const domain::CurveOptions& options)
{
  const std::string throughput = domain::throughput_phrase(options.metric);
  const std::string reason =
    options.latency ? fmt::format("no point of its run reports a {} with {}", domain::latency_phrase(*options.latency),
                                  throughput)
    : options.basis
      ? fmt::format("no point of its run has a {} interactivity with {}", domain::to_string(*options.basis), throughput)
      : fmt::format("no point of its run has {} with an interactivity at the statistic its run is read at",
                    throughput);
  std::vector<LeftOutConfiguration> left_out;
  for (const domain::BenchmarkPoint& point : points) {
    std::string label = domain::config_group_of(point).label();
    if (answered.insert(label).second) {
      left_out.push_back({std::move(label), reason});
    }
  }
  return left_out;
}

FrontierAnswer
frontiers(store::Store& store, const FrontierQuery& query)
{
  FrontierAnswer answer;
  answer.points = store.latest_points(query.filter);
  answer.curves = domain::build_curves(answer.points, query.curve);
  std::set<std::string> answered;
  for (const domain::PerformanceCurve& curve : answer.curves) {
    answered.insert(curve.group.label());
  }
  answer.left_out = left_out_configurations(answer.points, std::move(answered), query.curve);
  if (query.spread && !answer.curves.empty()) {
    answer.spreads.emplace(store, query.filter, answer.curves);
  }
  return answer;
}

nlohmann::json
curves_json(const FrontierAnswer& answer)
{
  std::map<std::string, const domain::BenchmarkPoint*> by_id;
  for (const domain::BenchmarkPoint& point : answer.points) {
    by_id[point.result_id] = &point;
  }
  nlohmann::json curves = nlohmann::json::array();
  for (const domain::PerformanceCurve& curve : answer.curves) {
    const std::vector<std::pair<double, double>> drawn = domain::sample_curve(curve, k_curve_samples);
    nlohmann::json samples = nlohmann::json::array();
    for (const auto& [x, y] : drawn) {
      samples.push_back({x, y});
    }
    nlohmann::json knots = nlohmann::json::array();
    nlohmann::json curve_points = nlohmann::json::array();
    auto add_point = [&](const std::string& id, bool on_frontier) {
      const domain::BenchmarkPoint& point = *by_id.at(id);
      nlohmann::json json = to_json(point);
      json["on_frontier"] = on_frontier;
      if (curve.latency) {
        json["x"] = optional_json(domain::latency_of(point, *curve.latency));
      } else {
        json["x"] = json[curve.basis == domain::InteractivityBasis::p90_itl ? "interactivity_p90"
                                                                            : "interactivity_median"];
      }
      json["y"] = json["tps_per_allocated_gpu"][domain::to_string(curve.metric)];  // as the curve reads it
      if (answer.spreads) {
        json["recurrence"] = optional_json(answer.spreads->recurrence(id));
      }
      curve_points.push_back(std::move(json));
    };
    for (const domain::FrontierKnot& knot : curve.frontier) {
      knots.push_back(knot_json(curve, knot));
      add_point(knot.result_id, true);
    }
    for (const std::string& id : curve.off_frontier_result_ids) {
      add_point(id, false);
    }
    const domain::ConfigGroupKey& group = curve.group;
    nlohmann::json curve_json = to_json(group);
    curve_json.update(curve_axis_json(curve));
    curve_json.update({{"run_date", group.date},
                       {"interactivity_basis", domain::to_string(curve.basis)},
                       {"frontier", std::move(knots)},
                       {"samples", std::move(samples)},
                       {"points", std::move(curve_points)},
                       {"skipped_result_ids", curve.skipped_result_ids}});
    if (answer.spreads) {
      curve_json["spread"] = band_json(answer.spreads->band(curve, drawn));
    }
    curves.push_back(std::move(curve_json));
  }
  return curves;
}

}  // namespace infertrack::app
