#pragma once

#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/domain/capacity_inverse.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace infertrack::app {

// The planner's inverse questions, each answered per configuration exactly on its frontier:
// - `max_cost_per_million`: the highest interactivity at or under that $ per million tokens;
// - `max_cost_per_day` or `megawatts` with a demand: the highest interactivity whose whole-rack plan fits the budget;
// - `max_cost_per_day` or `megawatts` with `at`: the largest demand the budget's racks serve there, and that fleet.
struct BudgetQuery
{
  PlanQuery plan; // filters (a model is required), demand or preset, at, utilization and figure overrides
  std::optional<double> max_cost_per_million;
  std::optional<double> max_cost_per_day;
  std::optional<double> megawatts;
};

struct BudgetAnswer
{
  std::string configuration;
  std::string question; // the question in words, with its figures
  domain::HardwareCost hardware;
  std::optional<domain::CurvePosition> position;
  std::optional<std::string> lower_result_id; // the knots around `position`
  std::optional<std::string> upper_result_id;
  std::optional<domain::RackBudget> budget;
  std::optional<double> tokens_per_day; // the largest demand served, or the demand asked
  std::optional<domain::RackPlan> plan;
  std::optional<std::string> unavailable; // why there is no answer
};

// Fails naming the flag or parameter of an ill-posed question (no cap, two caps, a cap without what it needs).
util::Result<std::vector<BudgetAnswer>> answer_budget(store::Store& store, const BudgetQuery& query);

nlohmann::json to_json(const BudgetAnswer& answer);

}  // namespace infertrack::app
