#include "infertrack/app/queries/run_spread.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/domain/run_images.hpp"

#include <algorithm>
#include <set>

namespace infertrack::app {

RunSpreads::RunSpreads(store::Store& store, store::PointFilter filter, std::span<const domain::PerformanceCurve> curves)
{
  std::set<domain::InteractivityBasis> bases;
  std::string last_date;
  for (const domain::PerformanceCurve& curve : curves) {
    if (!curve.latency) {
      bases.insert(curve.basis);
      last_date = std::max(last_date, curve.group.date);
    }
  }
  if (bases.empty()) {
    return;
  }
  filter.date.reset();
  filter.as_of = last_date;
  const std::vector<domain::BenchmarkPoint> points = store.points(filter);
  const std::vector<domain::PointRecurrence> marks = domain::point_recurrence(points);
  for (std::size_t i = 0; i < points.size(); ++i) {
    m_recurrence.emplace(points[i].result_id, marks[i]);
  }
  const std::map<domain::RunKey, std::string> images = domain::images_by_run(points);
  const domain::ThroughputMetric metric = curves.front().metric;
  for (const domain::InteractivityBasis basis : bases) {
    RunsOnBasis runs{domain::HistoryFrontiers(basis, metric), {}, {}};
    runs.frontiers.add(points);
    runs.images = domain::frontier_run_images(runs.frontiers, images);
    for (std::size_t c = 0; c < runs.frontiers.configuration_count(); ++c) {
      runs.configurations.emplace(runs.frontiers.configuration(c), c);
    }
    m_by_basis.emplace(basis, std::move(runs));
  }
}

RunSpreads::Place
RunSpreads::place_of(const domain::PerformanceCurve& curve) const
{
  const auto on_basis = m_by_basis.find(curve.basis);
  if (curve.latency || on_basis == m_by_basis.end()) {
    return {};
  }
  const RunsOnBasis& runs = on_basis->second;
  const auto configuration = runs.configurations.find(curve.group.without_date());
  if (configuration == runs.configurations.end()) {
    return {};
  }
  const std::size_t c = configuration->second;
  for (std::size_t r = 0; r < runs.frontiers.run_count(c); ++r) {
    if (runs.frontiers.date(runs.frontiers.run(c, r).date) == curve.group.date) {
      return {&runs, c, r};
    }
  }
  return {};
}

std::optional<std::string>
RunSpreads::recurrence(const std::string& result_id) const
{
  const auto found = m_recurrence.find(result_id);
  if (found == m_recurrence.end()) {
    return std::nullopt;
  }
  return domain::to_string(found->second);
}

domain::ValueSpread
RunSpreads::at(const domain::PerformanceCurve& curve, double target) const
{
  const Place place = place_of(curve);
  if (!place.runs) {
    return {};
  }
  return domain::value_spread(place.runs->frontiers, place.configuration, place.run, place.runs->images, target,
                              domain::k_default_spread_days);
}

SpreadBand
RunSpreads::band(const domain::PerformanceCurve& curve, std::span<const std::pair<double, double>> samples) const
{
  SpreadBand band;
  const Place place = place_of(curve);
  if (!place.runs) {
    return band;
  }
  for (const auto& [x, y] : samples) {
    const domain::ValueSpread spread = domain::value_spread(place.runs->frontiers, place.configuration, place.run,
                                                            place.runs->images, x, domain::k_default_spread_days);
    if (!spread.min || !spread.max) {
      continue;
    }
    band.samples.push_back({x, *spread.min, *spread.max});
    if (spread.runs > band.runs) {
      band.runs = spread.runs;
      band.dates = spread.dates;
    }
  }
  return band;
}

nlohmann::json
spread_json(const domain::ValueSpread& spread)
{
  return {{"runs", spread.runs},
          {"min", optional_json(spread.min)},
          {"max", optional_json(spread.max)},
          {"dates", spread.dates}};
}

nlohmann::json
band_json(const SpreadBand& band)
{
  nlohmann::json samples = nlohmann::json::array();
  for (const auto& [x, low, high] : band.samples) {
    samples.push_back({x, low, high});
  }
  return {{"runs", band.runs}, {"dates", band.dates}, {"samples", std::move(samples)}};
}

}  // namespace infertrack::app
