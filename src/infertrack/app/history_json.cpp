#include "infertrack/app/history_json.hpp"

#include "infertrack/app/json_views.hpp"

#include <fmt/core.h>

#include <utility>

namespace infertrack::app {
namespace {

nlohmann::json
knot_json(const std::optional<domain::FrontierKnot>& knot)
{
  if (!knot) {
    return nullptr;
  }
  return {{"interactivity", knot->interactivity}, {"tps_per_gpu", knot->throughput}, {"result_id", knot->result_id}};
}

}  // namespace

std::optional<std::string>
gap_reason(const domain::HistoryPoint& point, double target)
{
  if (point.value.state != domain::InterpolationState::unreachable) {
    return std::nullopt;
  }
  return fmt::format("target {:g} tok/s/user is above the fastest measured interactivity {:g} tok/s/user",
                     target,
                     point.fastest_interactivity);
}

nlohmann::json
to_json(const domain::ImprovementFactor& factor)
{
  return {{"from_date", factor.from_date},
          {"to_date", factor.to_date},
          {"from_state", domain::to_string(factor.from_state)},
          {"to_state", domain::to_string(factor.to_state)},
          {"factor", optional_json(factor.factor)},
          {"bound", factor.factor ? nlohmann::json(domain::to_string(factor.bound)) : nlohmann::json(nullptr)}};
}

nlohmann::json
to_json(const domain::HistoryPoint& point, double target)
{
  return {{"date", point.date},
          {"days_since_launch", point.days_since_launch},
          {"value", to_json(point.value)},
          {"gap_reason", optional_json(gap_reason(point, target))},
          {"lower", knot_json(point.lower)},
          {"upper", knot_json(point.upper)},
          {"slowest_interactivity", point.slowest_interactivity},
          {"fastest_interactivity", point.fastest_interactivity},
          {"frontier_size", point.frontier_size},
          {"run_url", optional_json(point.run_url)},
          {"since_first", point.since_first ? to_json(*point.since_first) : nlohmann::json(nullptr)}};
}

nlohmann::json
to_json(const HistoryRow& row, double target)
{
  const domain::HistorySeries& series = row.series;
  const domain::ConfigGroupKey& group = series.configuration;
  nlohmann::json points = nlohmann::json::array();
  // The latest factor against the first measurement: how far the configuration has come (none when it
  // was measured at the target only once).
  nlohmann::json since_first = nullptr;
  for (const domain::HistoryPoint& point : series.points) {
    points.push_back(to_json(point, target));
    if (point.since_first && point.since_first->factor && point.since_first->from_date != point.date) {
      since_first = to_json(*point.since_first);
    }
  }
  nlohmann::json json = to_json(group);
  json.update({{"interactivity_basis", domain::to_string(series.basis)},
               {"metric", domain::to_string(series.metric)},
               {"points", std::move(points)},
               {"since_first", std::move(since_first)},
               {"between", row.between ? to_json(*row.between) : nlohmann::json(nullptr)}});
  return json;
}

nlohmann::json
history_json(const HistoryQuery& query, std::span<const HistoryRow> rows)
{
  nlohmann::json list = nlohmann::json::array();
  for (const HistoryRow& row : rows) {
    list.push_back(to_json(row, query.options.target));
  }
  return {{"model", optional_json(query.filter.model)},
          {"target_interactivity", query.options.target},
          {"launch_date", query.options.launch_date},
          {"metric", domain::to_string(query.options.metric)},
          {"from", optional_json(query.from)},
          {"to", optional_json(query.to)},
          {"rows", std::move(list)}};
}

}  // namespace infertrack::app
