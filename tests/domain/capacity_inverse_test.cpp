#include "infertrack/domain/capacity_inverse.hpp"

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/efficiency.hpp"
#include "infertrack/domain/hardware_cost.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

constexpr double k_relative = 1e-9;
constexpr int k_random_curves = 200;
constexpr std::size_t k_grid = 3000;
constexpr RackHardware k_gb200{72, 1.86, 1.87};

// A curve and its forward view: knots for interpolate_at and points for interpolated_capacity.
struct TestCurve
{
  std::vector<double> xs;
  std::vector<double> ys;
  std::vector<std::int64_t> groups;
  std::vector<FrontierKnot> knots;
  std::vector<BenchmarkPoint> points;

  FleetCurve fleet() const { return {xs, ys, groups}; }
};

TestCurve
make_curve(std::vector<double> xs, std::vector<double> ys, std::vector<std::int64_t> groups)
{
  TestCurve curve{std::move(xs), std::move(ys), std::move(groups), {}, {}};
  for (std::size_t i = 0; i < curve.xs.size(); ++i) {
    const std::string id = std::to_string(i);
    curve.knots.push_back({curve.xs[i], curve.ys[i], id});
    BenchmarkPoint point;
    point.result_id = id;
    point.disaggregated = false;
    point.aggregate_engine_gpus = curve.groups[i];
    point.total_allocated_gpus = curve.groups[i];
    point.interactivity_p90 = curve.xs[i];
    // No input/output split: the planner sizes on total tokens, as the inverse planner does.
    point.absolute_tps.total = curve.ys[i] * static_cast<double>(curve.groups[i]);
    curve.points.push_back(point);
  }
  return curve;
}

enum class Shape
{
  pareto, // throughput non-increasing, with some flat steps
  wavy,   // any throughput: the solvers do not rely on a Pareto frontier
};

TestCurve
random_curve(std::mt19937& random, Shape shape)
{
  std::uniform_int_distribution<int> knots(2, 12);
  std::uniform_int_distribution<std::int64_t> group(4, 72);
  std::uniform_real_distribution<double> unit(0, 1);
  const int n = knots(random);
  std::vector<double> xs{1 + 60 * unit(random)};
  std::vector<double> ys{1000 + 2e6 * unit(random)};
  for (int i = 1; i < n; ++i) {
    xs.push_back(xs.back() + 0.5 + 40 * unit(random));
    const double step = unit(random);
    const double next = shape == Shape::pareto ? (step < 0.15 ? ys.back() : ys.back() * (0.3 + 0.7 * unit(random)))
                                               : 1000 + 2e6 * step;
    ys.push_back(next);
  }
  std::vector<std::int64_t> groups;
  for (int i = 0; i < n; ++i) {
    groups.push_back(group(random));
  }
  return make_curve(std::move(xs), std::move(ys), std::move(groups));
}

double
forward_throughput(const TestCurve& curve, double x)
{
  return *interpolate_at(curve.knots, x).throughput;
}

// The plan the tracker gives at interactivity `x`: interpolate_at, interpolated_capacity, plan_capacity.
util::Result<RackPlan>
forward_plan(const TestCurve& curve, double x, double tokens_per_day, double utilization, const RackHardware& hardware)
{
  const InterpolatedThroughput value = interpolate_at(curve.knots, x);
  const auto index = [&](const std::optional<std::string>& id) {
    return static_cast<std::size_t>(std::stoul(*id));
  };
  const BenchmarkPoint& lower = curve.points[index(value.lower_result_id)];
  const BenchmarkPoint* upper = value.upper_result_id ? &curve.points[index(value.upper_result_id)] : nullptr;
  const auto capacity = interpolated_capacity(value, lower, upper, InteractivityBasis::p90_itl, x);
  EXPECT_TRUE(capacity);
  return plan_capacity(*capacity, {tokens_per_day, utilization, std::nullopt, hardware.gpus_per_rack,
                                   hardware.cost_per_gpu_hour, hardware.kw_per_gpu});
}

// The brute force: the largest x in [x_0, x_last] where `feasible` holds, from a fine grid (with the knots and the
// midpoints, where the group size changes) and a bisection between the last feasible grid point and the next.
std::optional<double>
brute_force_highest(const TestCurve& curve, const std::function<bool(double)>& feasible)
{
  std::vector<double> grid;
  const double first = curve.xs.front();
  const double last = curve.xs.back();
  for (std::size_t k = 0; k <= k_grid; ++k) {
    grid.push_back(std::min(last, first + (last - first) * static_cast<double>(k) / k_grid));
  }
  for (std::size_t i = 0; i < curve.xs.size(); ++i) {
    grid.push_back(curve.xs[i]);
    if (i + 1 < curve.xs.size()) {
      const double mid = curve.xs[i] + (curve.xs[i + 1] - curve.xs[i]) / 2;
      grid.insert(grid.end(), {std::nextafter(mid, first), mid, std::nextafter(mid, last)});
    }
  }
  std::sort(grid.begin(), grid.end());
  grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
  for (std::size_t k = grid.size(); k-- > 0;) {
    if (!feasible(grid[k])) {
      continue;
    }
    if (k + 1 == grid.size()) {
      return grid[k];
    }
    double lo = grid[k];
    double hi = grid[k + 1];
    for (int step = 0; step < 200 && hi - lo > 0; ++step) {
      const double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) {
        break;
      }
      (feasible(mid) ? lo : hi) = mid;
    }
    return lo;
  }
  return std::nullopt;
}

// The largest integer n in [0, limit] with `fits(n)`, for a `fits` that holds at 0 and flips once.
std::int64_t
brute_force_count(std::int64_t limit, const std::function<bool(std::int64_t)>& fits)
{
  std::int64_t lo = 0;
  std::int64_t hi = limit + 1;
  while (hi - lo > 1) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
}

// plan_capacity's plan for exactly `groups` groups of `gpus_per_group` GPUs (one token a second each, u = 1).
RackPlan
plan_of_groups(std::int64_t groups, std::int64_t gpus_per_group, const RackHardware& hardware)
{
  DeploymentCapacity deployment;
  deployment.gpus_per_group = gpus_per_group;
  deployment.total_tps = 1;
  const auto plan = plan_capacity(deployment, {static_cast<double>(groups) * 86400, 1, std::nullopt,
                                               hardware.gpus_per_rack, hardware.cost_per_gpu_hour,
                                               hardware.kw_per_gpu});
  EXPECT_TRUE(plan) << plan.error().to_string();
  return *plan;
}

// The racks a budget buys, from plan_capacity's own cost and power of whole racks.
std::int64_t
brute_force_racks(const FleetBudget& budget, const RackHardware& hardware)
{
  return brute_force_count(1'000'000, [&](std::int64_t racks) {
    if (racks == 0) {
      return true;
    }
    const RackPlan plan = plan_of_groups(racks, hardware.gpus_per_rack, hardware);
    return budget.kind == BudgetKind::cost_per_day ? plan.cost_per_day <= budget.amount
                                                   : plan.power_mw <= budget.amount;
  });
}

void
expect_same_answer(const std::optional<CurvePosition>& solved, const std::optional<double>& brute, int trial)
{
  ASSERT_EQ(solved.has_value(), brute.has_value()) << "trial " << trial;
  if (brute) {
    EXPECT_NEAR(solved->interactivity, *brute, k_relative * *brute) << "trial " << trial;
  }
}

// The knots read_frontier names at `x`.
void
expect_brackets(const TestCurve& curve, const CurvePosition& position)
{
  const FrontierReading reading = read_frontier(curve.xs, curve.ys, position.interactivity);
  EXPECT_EQ(position.state, reading.state);
  EXPECT_EQ(position.lower, reading.lower);
  EXPECT_EQ(position.upper, reading.upper);
  EXPECT_EQ(position.throughput_per_gpu, *reading.throughput);
}

TEST(HighestInteractivityForThroughput, matches_a_brute_force_search_on_random_curves)
{
  std::mt19937 random(20261102);
  int answered = 0;
  for (int trial = 0; trial < k_random_curves; ++trial) {
    const TestCurve curve = random_curve(random, trial % 4 == 3 ? Shape::wavy : Shape::pareto);
    const double best = *std::max_element(curve.ys.begin(), curve.ys.end());
    const double required = std::uniform_real_distribution<double>(0.2, 1.1)(random) * best;
    const auto solved = highest_interactivity_for_throughput(curve.fleet(), required);
    ASSERT_TRUE(solved) << solved.error().to_string();
    const auto brute =
      brute_force_highest(curve, [&](double x) { return forward_throughput(curve, x) >= required; });
    expect_same_answer(solved->position, brute, trial);
    if (solved->position) {
      ++answered;
      EXPECT_GE(solved->position->throughput_per_gpu, required);
      expect_brackets(curve, *solved->position);
    } else {
      EXPECT_EQ(solved->reason, NoAnswerReason::throughput_out_of_reach);
    }
  }
  EXPECT_GT(answered, k_random_curves / 2);
  EXPECT_LT(answered, k_random_curves);
}

TEST(HighestInteractivityForThroughput, hand_worked_line_and_knots)
{
  // Two knots: the straight line 20,000 - 100 (x - 50) tok/s/GPU.
  const TestCurve curve = make_curve({50, 150}, {20000, 10000}, {8, 16});
  const auto middle = highest_interactivity_for_throughput(curve.fleet(), 15000);
  ASSERT_TRUE(middle && middle->position);
  EXPECT_NEAR(middle->position->interactivity, 100, 1e-12);
  EXPECT_EQ(middle->position->state, InterpolationState::interpolated);
  EXPECT_EQ(middle->position->lower, 0U);
  EXPECT_EQ(middle->position->upper, 1U);
  // The slowest knot meets it and nothing faster does: the answer is the knot.
  const auto slowest = highest_interactivity_for_throughput(curve.fleet(), 20000);
  ASSERT_TRUE(slowest && slowest->position);
  EXPECT_EQ(slowest->position->interactivity, 50);
  EXPECT_EQ(slowest->position->state, InterpolationState::exact);
  const auto fastest = highest_interactivity_for_throughput(curve.fleet(), 10000);
  ASSERT_TRUE(fastest && fastest->position);
  EXPECT_EQ(fastest->position->interactivity, 150);
  EXPECT_EQ(fastest->position->lower, 1U);
  const auto none = highest_interactivity_for_throughput(curve.fleet(), 20000.5);
  ASSERT_TRUE(none);
  EXPECT_EQ(none->position, std::nullopt);
  EXPECT_EQ(none->reason, NoAnswerReason::throughput_out_of_reach);
  EXPECT_STREQ(to_string(none->reason), "throughput_out_of_reach");
}

TEST(HighestInteractivityForThroughput, one_knot_and_no_group_sizes)
{
  const std::vector<double> xs{42};
  const std::vector<double> ys{5000};
  const FleetCurve curve{xs, ys, {}};
  const auto met = highest_interactivity_for_throughput(curve, 5000);
  ASSERT_TRUE(met && met->position);
  EXPECT_EQ(met->position->interactivity, 42);
  EXPECT_EQ(met->position->gpus_per_group, std::nullopt);
  const auto missed = highest_interactivity_for_throughput(curve, 5001);
  ASSERT_TRUE(missed);
  EXPECT_EQ(missed->reason, NoAnswerReason::throughput_out_of_reach);
}

TEST(HighestInteractivityUnderCost, matches_a_brute_force_search_on_random_curves)
{
  std::mt19937 random(7);
  HardwareCost cost;
  cost.kw_per_gpu = 1;
  for (int trial = 0; trial < k_random_curves; ++trial) {
    const TestCurve curve = random_curve(random, trial % 4 == 3 ? Shape::wavy : Shape::pareto);
    cost.cost_per_gpu_hour = std::uniform_real_distribution<double>(0.9, 2.4)(random);
    const double cheapest = efficiency_of(*std::max_element(curve.ys.begin(), curve.ys.end()), cost)
                              .cost_per_million_tokens;
    const double cap = std::uniform_real_distribution<double>(0.9, 5)(random) * cheapest;
    const auto solved = highest_interactivity_under_cost(curve.fleet(), cap, cost.cost_per_gpu_hour);
    ASSERT_TRUE(solved) << solved.error().to_string();
    const auto brute = brute_force_highest(curve, [&](double x) {
      const double tps = forward_throughput(curve, x);
      return tps > 0 && efficiency_of(tps, cost).cost_per_million_tokens <= cap;
    });
    expect_same_answer(solved->position, brute, trial);
    if (solved->position) {
      EXPECT_LE(efficiency_of(solved->position->throughput_per_gpu, cost).cost_per_million_tokens, cap);
    } else {
      EXPECT_EQ(solved->reason, NoAnswerReason::cost_out_of_reach);
    }
  }
}

TEST(HighestInteractivityUnderCost, hand_worked_cap)
{
  const TestCurve curve = make_curve({50, 150}, {20000, 10000}, {8, 16});
  // $0.04/M at $1.86/GPU-hr needs 1.86 / (0.04 x 0.0036) = 12,916.67 tok/s/GPU: x = 50 + 7083.33 / 100 = 120.8333.
  const auto capped = highest_interactivity_under_cost(curve.fleet(), 0.04, 1.86);
  ASSERT_TRUE(capped && capped->position);
  EXPECT_NEAR(capped->position->interactivity, 50 + (20000 - 1.86 / (0.04 * 0.0036)) / 100, 1e-9);
  EXPECT_NEAR(capped->position->throughput_per_gpu, 12916.666666666667, 1e-6);
  // The fastest knot costs 1.86 / 36 = $0.0517/M: a $0.06 cap reaches it.
  const auto loose = highest_interactivity_under_cost(curve.fleet(), 0.06, 1.86);
  ASSERT_TRUE(loose && loose->position);
  EXPECT_EQ(loose->position->interactivity, 150);
  // The slowest knot costs 1.86 / 72 = $0.0258/M: a $0.02 cap is out of reach.
  const auto tight = highest_interactivity_under_cost(curve.fleet(), 0.02, 1.86);
  ASSERT_TRUE(tight);
  EXPECT_EQ(tight->position, std::nullopt);
  EXPECT_EQ(tight->reason, NoAnswerReason::cost_out_of_reach);
}

TEST(RackBudget, fifty_megawatts_of_gb200)
{
  // 50,000 kW / 1.87 kW = 26,737.97 -> 26,737 GPUs; / 72 = 371.35 -> 371 racks = 26,712 GPUs; 9 groups of 8 a rack.
  const auto bought = rack_budget({BudgetKind::power_mw, 50}, k_gb200);
  ASSERT_TRUE(bought) << bought.error().to_string();
  EXPECT_EQ(bought->budget_gpus, 26737);
  EXPECT_EQ(bought->racks, 371);
  EXPECT_EQ(bought->provisioned_gpus, 26712);
  EXPECT_NEAR(bought->power_mw, 49.95144, 1e-9);
  EXPECT_NEAR(bought->cost_per_day, 26712 * 1.86 * 24, 1e-6);
  EXPECT_EQ(groups_in_racks(bought->racks, 8, 72), 3339);
  // 16-GPU groups fit 4 to a rack; 100-GPU groups take 2 racks each.
  EXPECT_EQ(groups_in_racks(371, 16, 72), 1484);
  EXPECT_EQ(groups_in_racks(371, 100, 72), 185);
  EXPECT_EQ(groups_in_racks(1, 100, 72), 0);
}

TEST(RackBudget, a_million_dollars_a_day_and_the_exact_boundary)
{
  // $1,000,000 / ($1.86 x 24) = 22,401.4 GPUs -> 311 racks of 72 (a rack-day costs $3,214.08).
  const auto bought = rack_budget({BudgetKind::cost_per_day, 1e6}, k_gb200);
  ASSERT_TRUE(bought);
  EXPECT_EQ(bought->budget_gpus, 22401);
  EXPECT_EQ(bought->racks, 311);
  EXPECT_EQ(bought->provisioned_gpus, 22392);
  EXPECT_NEAR(bought->cost_per_day, 999578.88, 1e-6);
  // A cap of exactly three racks' cost, as plan_capacity prices them, buys three.
  const double three_racks = plan_of_groups(3, 72, k_gb200).cost_per_day;
  const auto exact = rack_budget({BudgetKind::cost_per_day, three_racks}, k_gb200);
  ASSERT_TRUE(exact);
  EXPECT_EQ(exact->racks, 3);
  const auto under = rack_budget({BudgetKind::cost_per_day, std::nextafter(three_racks, 0.0)}, k_gb200);
  ASSERT_TRUE(under);
  EXPECT_EQ(under->racks, 2);
}

TEST(RackBudget, matches_plan_capacity_on_random_budgets)
{
  std::mt19937 random(99);
  std::uniform_int_distribution<std::int64_t> rack(1, 144);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < k_random_curves; ++trial) {
    const RackHardware hardware{rack(random), 0.5 + 3 * unit(random), 0.8 + 2 * unit(random)};
    const BudgetKind kind = trial % 2 == 0 ? BudgetKind::cost_per_day : BudgetKind::power_mw;
    const double per_rack = static_cast<double>(hardware.gpus_per_rack) *
                            (kind == BudgetKind::cost_per_day ? hardware.cost_per_gpu_hour * 24
                                                              : hardware.kw_per_gpu / 1000);
    const FleetBudget budget{kind, per_rack * 500 * unit(random)};
    const auto bought = rack_budget(budget, hardware);
    ASSERT_TRUE(bought) << bought.error().to_string();
    EXPECT_EQ(bought->racks, brute_force_racks(budget, hardware)) << "trial " << trial;
    const std::int64_t gpus_per_group = std::uniform_int_distribution<std::int64_t>(4, 300)(random);
    const std::int64_t groups = groups_in_racks(bought->racks, gpus_per_group, hardware.gpus_per_rack);
    const std::int64_t brute_groups = brute_force_count(bought->racks * hardware.gpus_per_rack, [&](std::int64_t n) {
      return n == 0 || plan_of_groups(n, gpus_per_group, hardware).racks <= bought->racks;
    });
    EXPECT_EQ(groups, brute_groups) << "trial " << trial;
  }
}

TEST(RackBudget, refuses_bad_input_naming_the_field)
{
  struct Case
  {
    FleetBudget budget;
    RackHardware hardware;
    const char* field;
    const char* message;
  };
  const std::vector<Case> cases{
    {{BudgetKind::power_mw, 0}, k_gb200, "budget", "must be > 0 and finite (got 0)"},
    {{BudgetKind::cost_per_day, -5}, k_gb200, "budget", "must be > 0 and finite (got -5)"},
    {{BudgetKind::power_mw, 1e30}, k_gb200, "budget",
     "buys 5.35e+32 GPUs, more than the planner sizes (1e+15) (got 1e+30)"},
    {{BudgetKind::power_mw, 50}, {0, 1.86, 1.87}, "gpus_per_rack", "must be 1 to 100000 (got 0)"},
    {{BudgetKind::power_mw, 50}, {72, 0, 1.87}, "cost_per_gpu_hour", "must be > 0 and finite (got 0)"},
    {{BudgetKind::power_mw, 50}, {72, 1.86, -1}, "kw_per_gpu", "must be > 0 and finite (got -1)"},
  };
  for (const Case& bad : cases) {
    const auto bought = rack_budget(bad.budget, bad.hardware);
    ASSERT_FALSE(bought) << bad.message;
    EXPECT_EQ(bought.error().field, bad.field);
    EXPECT_EQ(bought.error().message, bad.message);
  }
}

TEST(HighestInteractivityWithinBudget, matches_a_brute_force_search_on_random_curves)
{
  std::mt19937 random(31);
  std::uniform_real_distribution<double> unit(0, 1);
  int answered = 0;
  int out_of_reach = 0;
  for (int trial = 0; trial < k_random_curves; ++trial) {
    const TestCurve curve = random_curve(random, Shape::pareto);
    const double utilization = 0.3 + 0.7 * unit(random);
    const std::int64_t racks = 1 + static_cast<std::int64_t>(200 * unit(random));
    const BudgetKind kind = trial % 2 == 0 ? BudgetKind::cost_per_day : BudgetKind::power_mw;
    const double per_rack = kind == BudgetKind::cost_per_day ? 72 * 1.86 * 24 : 72 * 1.87 / 1000;
    const FleetBudget budget{kind, per_rack * (static_cast<double>(racks) + unit(random))};
    // A demand near what the racks serve somewhere on the curve, so that answers fall inside it and outside.
    const double somewhere = curve.xs.front() + (curve.xs.back() - curve.xs.front()) * unit(random);
    const double tokens_per_day = static_cast<double>(racks * 72) * forward_throughput(curve, somewhere) *
                                  utilization * 86400 * (0.5 + unit(random));
    const auto solved =
      highest_interactivity_within_budget(curve.fleet(), tokens_per_day, utilization, k_gb200, budget);
    ASSERT_TRUE(solved) << solved.error().to_string();
    const std::int64_t budget_racks = brute_force_racks(budget, k_gb200);
    const auto brute = brute_force_highest(curve, [&](double x) {
      const auto plan = forward_plan(curve, x, tokens_per_day, utilization, k_gb200);
      return plan && plan->racks <= budget_racks;
    });
    expect_same_answer(solved->position, brute, trial);
    if (solved->position) {
      ++answered;
      ASSERT_TRUE(solved->plan);
      const auto forward = forward_plan(curve, solved->position->interactivity, tokens_per_day, utilization, k_gb200);
      ASSERT_TRUE(forward);
      EXPECT_EQ(solved->plan->racks, forward->racks);
      EXPECT_EQ(solved->plan->groups, forward->groups);
      EXPECT_EQ(solved->plan->gpus_per_group, *solved->position->gpus_per_group);
      EXPECT_LE(solved->plan->racks, budget_racks);
      expect_brackets(curve, *solved->position);
    } else {
      ++out_of_reach;
      EXPECT_EQ(solved->reason, NoAnswerReason::demand_out_of_reach) << "trial " << trial;
    }
  }
  EXPECT_GT(answered, 20);
  EXPECT_GT(out_of_reach, 20);
}

TEST(HighestInteractivityWithinBudget, hand_worked_group_size_jump)
{
  // 8-GPU groups up to the midpoint 100 (9 to a rack: 720 GPUs in 10 racks), 16-GPU groups above (4 to a rack: 640).
  const TestCurve curve = make_curve({50, 150}, {20000, 10000}, {8, 16});
  const FleetBudget ten_racks{BudgetKind::cost_per_day, 33000}; // 10 racks cost $32,140.80 a day
  // 720 x 14,000 tok/s: 8-GPU groups reach x = 110 but stop at 100; 16-GPU groups would need x <= 92.5.
  const double at_fourteen = 720 * 14000.0 * 86400;
  const auto jump = highest_interactivity_within_budget(curve.fleet(), at_fourteen, 1, k_gb200, ten_racks);
  ASSERT_TRUE(jump && jump->position) << (jump ? to_string(jump->reason) : jump.error().to_string());
  EXPECT_EQ(jump->position->interactivity, 100); // the tie keeps the lower bracket's groups
  EXPECT_EQ(jump->position->gpus_per_group, 8);
  EXPECT_EQ(jump->plan->racks, 10);
  // 640 x 12,000 tok/s: 16-GPU groups serve it up to S = 12,000, x = 130.
  const auto upper = highest_interactivity_within_budget(curve.fleet(), 640 * 12000.0 * 86400, 1, k_gb200, ten_racks);
  ASSERT_TRUE(upper && upper->position);
  EXPECT_NEAR(upper->position->interactivity, 130, 1e-9);
  EXPECT_EQ(upper->position->gpus_per_group, 16);
  EXPECT_EQ(upper->position->lower, 0U);
  EXPECT_EQ(upper->position->upper, 1U);
  EXPECT_EQ(upper->plan->groups, 40);
}

TEST(HighestInteractivityWithinBudget, says_why_there_is_no_answer)
{
  const TestCurve curve = make_curve({50, 150}, {20000, 10000}, {100, 120});
  const auto no_rack =
    highest_interactivity_within_budget(curve.fleet(), 1e12, 0.6, k_gb200, {BudgetKind::cost_per_day, 3000});
  ASSERT_TRUE(no_rack);
  EXPECT_EQ(no_rack->reason, NoAnswerReason::budget_below_one_rack);
  // One rack, but every group spans two.
  const auto no_group =
    highest_interactivity_within_budget(curve.fleet(), 1e12, 0.6, k_gb200, {BudgetKind::cost_per_day, 4000});
  ASSERT_TRUE(no_group);
  EXPECT_EQ(no_group->reason, NoAnswerReason::budget_below_one_group);
  // 50 MW holds 185 groups of 100: 18,500 GPUs x 20,000 tok/s x 0.6 is 19.2T a day at the slowest knot.
  const auto no_reach =
    highest_interactivity_within_budget(curve.fleet(), 20e12, 0.6, k_gb200, {BudgetKind::power_mw, 50});
  ASSERT_TRUE(no_reach);
  EXPECT_EQ(no_reach->reason, NoAnswerReason::demand_out_of_reach);
  EXPECT_STREQ(to_string(no_reach->reason), "demand_out_of_reach");
  const auto reached =
    highest_interactivity_within_budget(curve.fleet(), 19e12, 0.6, k_gb200, {BudgetKind::power_mw, 50});
  ASSERT_TRUE(reached && reached->position);
  const auto bad_utilization =
    highest_interactivity_within_budget(curve.fleet(), 19e12, 1.5, k_gb200, {BudgetKind::power_mw, 50});
  ASSERT_FALSE(bad_utilization);
  EXPECT_EQ(bad_utilization.error().field, "utilization");
}

TEST(LargestDemandServed, fifty_megawatts_at_one_hundred_tok_s_user)
{
  const TestCurve curve = make_curve({50, 150}, {20000, 10000}, {8, 16});
  const auto served = largest_demand_served(curve.fleet(), 100, 0.6, k_gb200, {BudgetKind::power_mw, 50});
  ASSERT_TRUE(served) << served.error().to_string();
  ASSERT_TRUE(served->position);
  EXPECT_EQ(served->reason, NoAnswerReason::none);
  EXPECT_EQ(served->position->gpus_per_group, 8); // the midpoint: the tie keeps the lower bracket
  EXPECT_NEAR(served->position->throughput_per_gpu, 15000, 1e-9);
  // 3,339 groups x 8 GPUs x 15,000 tok/s x 0.6 x 86,400 s = 20,771,251,200,000 tokens a day.
  EXPECT_NEAR(served->tokens_per_day, 20'771'251'200'000.0, 20'771'251'200'000.0 * 1e-12);
  EXPECT_EQ(served->plan.groups, 3339);
  EXPECT_EQ(served->plan.racks, 371);
  EXPECT_EQ(served->plan.provisioned_gpus, 26712);
  EXPECT_EQ(served->plan.idle_gpus, 0);
  EXPECT_NEAR(served->plan.power_mw, 49.95144, 1e-9);
  EXPECT_NEAR(served->plan.cost_per_day, 1'192'423.68, 1e-6);
}

TEST(LargestDemandServed, clamped_unreachable_and_short_budgets)
{
  const TestCurve curve = make_curve({50, 150}, {20000, 10000}, {8, 100});
  const auto slow = largest_demand_served(curve.fleet(), 10, 1, k_gb200, {BudgetKind::power_mw, 50});
  ASSERT_TRUE(slow && slow->position);
  EXPECT_EQ(slow->position->state, InterpolationState::clamped_low);
  EXPECT_EQ(slow->position->throughput_per_gpu, 20000);
  const auto fast = largest_demand_served(curve.fleet(), 151, 1, k_gb200, {BudgetKind::power_mw, 50});
  ASSERT_TRUE(fast);
  EXPECT_EQ(fast->reason, NoAnswerReason::target_unreachable);
  EXPECT_EQ(fast->position, std::nullopt);
  EXPECT_EQ(fast->tokens_per_day, 0);
  const auto no_rack = largest_demand_served(curve.fleet(), 100, 1, k_gb200, {BudgetKind::power_mw, 0.1});
  ASSERT_TRUE(no_rack);
  EXPECT_EQ(no_rack->reason, NoAnswerReason::budget_below_one_rack);
  // At 140 the 100-GPU groups of the upper bracket are planned, and one rack holds none.
  const auto no_group = largest_demand_served(curve.fleet(), 140, 1, k_gb200, {BudgetKind::power_mw, 0.14});
  ASSERT_TRUE(no_group);
  EXPECT_EQ(no_group->budget.racks, 1);
  EXPECT_EQ(no_group->reason, NoAnswerReason::budget_below_one_group);
  const auto bad_target = largest_demand_served(curve.fleet(), 0, 1, k_gb200, {BudgetKind::power_mw, 50});
  ASSERT_FALSE(bad_target);
  EXPECT_EQ(bad_target.error().field, "at");
}

TEST(LargestDemandServed, matches_a_brute_force_search_on_random_curves)
{
  std::mt19937 random(57);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < k_random_curves; ++trial) {
    const TestCurve curve = random_curve(random, Shape::pareto);
    const double utilization = 0.3 + 0.7 * unit(random);
    const double target = curve.xs.front() + (curve.xs.back() - curve.xs.front()) * unit(random);
    const BudgetKind kind = trial % 2 == 0 ? BudgetKind::cost_per_day : BudgetKind::power_mw;
    const double per_rack = kind == BudgetKind::cost_per_day ? 72 * 1.86 * 24 : 72 * 1.87 / 1000;
    const FleetBudget budget{kind, per_rack * 300 * unit(random)};
    const auto served = largest_demand_served(curve.fleet(), target, utilization, k_gb200, budget);
    ASSERT_TRUE(served) << served.error().to_string();
    const std::int64_t budget_racks = brute_force_racks(budget, k_gb200);
    const auto fits = [&](double tokens_per_day) {
      const auto plan = forward_plan(curve, target, tokens_per_day, utilization, k_gb200);
      return plan && plan->racks <= budget_racks;
    };
    if (!fits(1)) {
      EXPECT_EQ(served->tokens_per_day, 0);
      EXPECT_TRUE(served->reason == NoAnswerReason::budget_below_one_rack ||
                  served->reason == NoAnswerReason::budget_below_one_group)
        << "trial " << trial;
      continue;
    }
    double lo = 1;
    double hi = 1e22;
    while (true) {
      const double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) {
        break;
      }
      (fits(mid) ? lo : hi) = mid;
    }
    EXPECT_NEAR(served->tokens_per_day, lo, k_relative * lo) << "trial " << trial;
    const auto forward = forward_plan(curve, target, served->tokens_per_day, utilization, k_gb200);
    ASSERT_TRUE(forward);
    EXPECT_EQ(served->plan.groups, forward->groups);
    EXPECT_EQ(served->plan.racks, forward->racks);
    EXPECT_LE(served->plan.racks, budget_racks);
    EXPECT_EQ(served->plan.groups, groups_in_racks(served->budget.racks, *served->position->gpus_per_group, 72));
  }
}

TEST(NoAnswerReason, to_string)
{
  EXPECT_STREQ(to_string(NoAnswerReason::none), "none");
  EXPECT_STREQ(to_string(NoAnswerReason::cost_out_of_reach), "cost_out_of_reach");
  EXPECT_STREQ(to_string(NoAnswerReason::budget_below_one_rack), "budget_below_one_rack");
  EXPECT_STREQ(to_string(NoAnswerReason::budget_below_one_group), "budget_below_one_group");
  EXPECT_STREQ(to_string(NoAnswerReason::target_unreachable), "target_unreachable");
  EXPECT_STREQ(to_string(NoAnswerReason::target_serves_nothing), "target_serves_nothing");
}

TEST(CapacityInverse, refuses_bad_input_naming_the_field)
{
  const TestCurve curve = make_curve({50, 150}, {20000, 10000}, {8, 16});
  const auto no_throughput = highest_interactivity_for_throughput(curve.fleet(), 0);
  ASSERT_FALSE(no_throughput);
  EXPECT_EQ(no_throughput.error().field, "throughput");
  EXPECT_EQ(no_throughput.error().message, "must be > 0 and finite (got 0)");
  const auto no_cap = highest_interactivity_under_cost(curve.fleet(), -1, 1.86);
  ASSERT_FALSE(no_cap);
  EXPECT_EQ(no_cap.error().field, "max_cost_per_million_tokens");
  const TestCurve broken = make_curve({50, 150}, {20000, -1}, {8, 0});
  const auto refused = highest_interactivity_for_throughput(broken.fleet(), 100);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().field, "curve");
  EXPECT_EQ(refused.error().message, "knot 1 has throughput -1 tok/s/GPU (expected finite, >= 0)");
}

}  // namespace
}  // namespace infertrack::domain
