#include "infertrack/app/queries/budget_query.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <fmt/core.h>

#include <cmath>
#include <map>

namespace infertrack::app {
namespace {

std::string
reason_text(domain::NoAnswerReason reason)
{
  switch (reason) {
    case domain::NoAnswerReason::throughput_out_of_reach:
      return "even its slowest measured point serves less than the throughput needed";
    case domain::NoAnswerReason::cost_out_of_reach:
      return "even its cheapest point costs more per million tokens than the cap";
    case domain::NoAnswerReason::budget_below_one_rack:
      return "the budget does not pay for or power one whole rack";
    case domain::NoAnswerReason::budget_below_one_group:
      return "the budget's racks hold less than one group of this configuration";
    case domain::NoAnswerReason::demand_out_of_reach:
      return "the groups the budget holds serve less than the demand even at the slowest measured point";
    case domain::NoAnswerReason::target_unreachable:
      return "the target is faster than the fastest measured point";
    case domain::NoAnswerReason::target_serves_nothing:
      return "the curve serves nothing at the target";
    case domain::NoAnswerReason::none:
      break;
  }
  return "no answer";
}

util::Result<void>
check_positive(const std::optional<double>& value, const char* field)
{
  if (value && !(std::isfinite(*value) && *value > 0)) {
    return util::fail("", field, fmt::format("must be a positive number (got {})", *value));
  }
  return {};
}

// Which question `query` asks; fails naming the flag that makes it ill-posed.
util::Result<void>
check_question(const BudgetQuery& query)
{
  INFERTRACK_TRY(check_positive(query.max_cost_per_million, "max_cost_per_million"));
  INFERTRACK_TRY(check_positive(query.max_cost_per_day, "max_cost_per_day"));
  INFERTRACK_TRY(check_positive(query.megawatts, "megawatts"));
  INFERTRACK_TRY(check_positive(query.plan.at, "at"));
  const int caps = int(query.max_cost_per_million.has_value()) + int(query.max_cost_per_day.has_value()) +
                   int(query.megawatts.has_value());
  if (caps != 1) {
    return util::fail("", caps == 0 ? "max_cost_per_day" : "megawatts",
                      "give exactly one of a cost cap per million tokens, a cost cap per day or a power budget in MW");
  }
  if (!query.plan.filter.model) {
    return util::fail("", "model", "an inverse question reads one model's curves: give the model");
  }
  if (query.plan.point || query.plan.slo) {
    return util::fail("", query.plan.point ? "point" : "slo",
                      "inverse questions are answered on each configuration's interactivity curve");
  }
  const bool demand = query.plan.demand || query.plan.preset;
  if (query.max_cost_per_million) {
    if (demand || query.plan.at) {
      return util::fail("", demand ? "demand" : "at",
                        "a cost cap per million tokens asks for the highest interactivity it allows: give it alone");
    }
    return {};
  }
  if (demand == query.plan.at.has_value()) {
    return util::fail("", "at",
                      "with a budget, give a demand (for the highest interactivity it serves) or a target "
                      "interactivity (for the largest demand it serves), not both");
  }
  return {};
}

std::string
question_text(const BudgetQuery& query, double tokens_per_day)
{
  if (query.max_cost_per_million) {
    return fmt::format("highest interactivity at or under ${}/M tokens", *query.max_cost_per_million);
  }
  const std::string budget = query.max_cost_per_day ? fmt::format("${}/day", *query.max_cost_per_day)
                                                    : fmt::format("{} MW", *query.megawatts);
  if (query.plan.at) {
    return fmt::format("largest demand {} serves at {} tok/s/user", budget, *query.plan.at);
  }
  return fmt::format("highest interactivity at which {} serves {:g} tokens/day", budget, tokens_per_day);
}

}  // namespace

util::Result<std::vector<BudgetAnswer>>
answer_budget(store::Store& store, const BudgetQuery& query)
{
  INFERTRACK_TRY(check_question(query));
  double tokens_per_day = 0;
  if (query.plan.demand || query.plan.preset) {
    INFERTRACK_TRY_ASSIGN(demand, plan_demand(store, query.plan));
    tokens_per_day = demand.tokens_per_day;
  }
  if (!(query.plan.utilization > 0 && query.plan.utilization <= 1)) {
    return util::fail("", "utilization", fmt::format("must be in (0, 1] (got {})", query.plan.utilization));
  }
  const std::vector<domain::BenchmarkPoint> points = store.latest_points(query.plan.filter);
  if (points.empty()) {
    return util::fail("", "", fmt::format("no stored points match the filters ({})", filter_summary(query.plan.filter)));
  }
  std::map<std::string_view, const domain::BenchmarkPoint*> by_id;
  for (const domain::BenchmarkPoint& point : points) {
    by_id.emplace(point.result_id, &point);
  }
  const std::vector<domain::HardwareCost> costs = store.hardware();
  const std::string question = question_text(query, tokens_per_day);
  std::vector<BudgetAnswer> answers;
  for (const domain::PerformanceCurve& curve : domain::build_curves(points, domain::CurveOptions{})) {
    BudgetAnswer answer;
    answer.configuration = curve.group.label();
    answer.question = question;
    auto hardware = plan_hardware(costs, curve.group.hardware, query.plan);
    if (!hardware) {
      answer.unavailable = hardware.error().message;
      answers.push_back(std::move(answer));
      continue;
    }
    answer.hardware = std::move(*hardware);
    std::vector<double> xs;
    std::vector<double> ys;
    std::vector<std::int64_t> gpus;
    for (const domain::FrontierKnot& knot : curve.frontier) {
      xs.push_back(knot.interactivity);
      ys.push_back(knot.throughput);
      gpus.push_back(by_id.at(knot.result_id)->total_allocated_gpus);
    }
    const domain::FleetCurve fleet_curve{xs, ys, gpus};
    const domain::RackHardware rack{answer.hardware.gpus_per_rack.value_or(0), answer.hardware.cost_per_gpu_hour,
                                    answer.hardware.kw_per_gpu};
    const domain::FleetBudget budget{query.max_cost_per_day ? domain::BudgetKind::cost_per_day
                                                            : domain::BudgetKind::power_mw,
                                     query.max_cost_per_day.value_or(query.megawatts.value_or(0))};
    domain::NoAnswerReason reason = domain::NoAnswerReason::none;
    if (query.max_cost_per_million) {
      INFERTRACK_TRY_ASSIGN(solved, domain::highest_interactivity_under_cost(fleet_curve, *query.max_cost_per_million,
                                                                              answer.hardware.cost_per_gpu_hour));
      answer.position = solved.position;
      reason = solved.reason;
    } else if (query.plan.at) {
      INFERTRACK_TRY_ASSIGN(served, domain::largest_demand_served(fleet_curve, *query.plan.at, query.plan.utilization,
                                                                  rack, budget));
      answer.position = served.position;
      answer.budget = served.budget;
      reason = served.reason;
      if (reason == domain::NoAnswerReason::none) {
        answer.tokens_per_day = served.tokens_per_day;
        answer.plan = served.plan;
      }
    } else {
      INFERTRACK_TRY_ASSIGN(solved, domain::highest_interactivity_within_budget(
                                      fleet_curve, tokens_per_day, query.plan.utilization, rack, budget));
      answer.position = solved.position;
      answer.plan = solved.plan;
      answer.tokens_per_day = tokens_per_day;
      reason = solved.reason;
      INFERTRACK_TRY_ASSIGN(bought, domain::rack_budget(budget, rack));
      answer.budget = bought;
    }
    if (reason != domain::NoAnswerReason::none) {
      answer.unavailable = reason_text(reason);
    }
    if (answer.position) {
      answer.lower_result_id = curve.frontier[answer.position->lower].result_id;
      if (answer.position->upper) {
        answer.upper_result_id = curve.frontier[*answer.position->upper].result_id;
      }
    }
    answers.push_back(std::move(answer));
  }
  return answers;
}

nlohmann::json
to_json(const BudgetAnswer& answer)
{
  nlohmann::json position = nullptr;
  if (answer.position) {
    position = {{"interactivity", answer.position->interactivity},
                {"tps_per_gpu", answer.position->throughput_per_gpu},
                {"state", domain::to_string(answer.position->state)},
                {"lower_result_id", optional_json(answer.lower_result_id)},
                {"upper_result_id", optional_json(answer.upper_result_id)},
                {"gpus_per_group", optional_json(answer.position->gpus_per_group)}};
  }
  nlohmann::json budget = nullptr;
  if (answer.budget) {
    budget = {{"budget_gpus", answer.budget->budget_gpus},
              {"racks", answer.budget->racks},
              {"provisioned_gpus", answer.budget->provisioned_gpus},
              {"cost_per_day", answer.budget->cost_per_day},
              {"power_mw", answer.budget->power_mw}};
  }
  return {{"configuration", answer.configuration},
          {"question", answer.question},
          {"hardware", answer.hardware.hardware.empty() ? nlohmann::json(nullptr) : to_json(answer.hardware)},
          {"position", std::move(position)},
          {"budget", std::move(budget)},
          {"tokens_per_day", optional_json(answer.tokens_per_day)},
          {"plan", answer.plan ? to_json(*answer.plan) : nlohmann::json(nullptr)},
          {"unavailable", optional_json(answer.unavailable)}};
}

}  // namespace infertrack::app
