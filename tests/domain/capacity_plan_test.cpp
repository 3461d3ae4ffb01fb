#include "infertrack/domain/capacity_plan.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

constexpr double k_nan = std::numeric_limits<double>::quiet_NaN();
constexpr double k_inf = std::numeric_limits<double>::infinity();

// The five points of data/deepseek-v4-gb200-snapshot.json, with the numbers the planner reads.
struct SeedPoint
{
  const char* result_id;
  bool disaggregated;
  std::optional<std::int64_t> prefill_gpus;
  std::optional<std::int64_t> decode_gpus;
  std::optional<std::int64_t> aggregate_engine_gpus;
  std::int64_t total_allocated_gpus;
  double input_tps;
  double output_tps;
  double total_tps;
  std::optional<double> interactivity_p90;
  std::optional<double> interactivity_median;
  // hypothetical_same_group_rack_packing
  std::int64_t whole_groups;
  std::int64_t allocated_gpus;
  std::int64_t unused_gpus;
  double rack_output_tps;
};

const std::vector<SeedPoint> k_seed{
  {"444914", true, 8, 8, {}, 16, 613533.27093, 4950.88918, 618484.1601, 104.60251046025104,
   112.48593925759279, 4, 64, 8, 19803.55672},
  {"444911", true, 8, 12, {}, 20, 1688667.64671, 12650.99349, 1701318.64019, 95.78544061302682,
   101.52284263959392, 3, 60, 12, 37952.98047},
  {"444212", false, {}, {}, 4, 4, 462963.95725, 3245.09845, 466209.0557, 132.4503311258278,
   198.01980198019803, 18, 72, 0, 58411.7721},
  {"444210", false, {}, {}, 4, 4, 696973.17057, 5500.14558, 702473.31615, 85.6898029134533,
   134.77088948787062, 18, 72, 0, 99002.62044},
  {"446626", false, {}, {}, 4, 4, 1436664.84734, 10134.58102, 1446799.42836, 112.73957158962797,
   121.95121951219511, 18, 72, 0, 182422.45836},
};

BenchmarkPoint
point_of(const SeedPoint& seed)
{
  BenchmarkPoint point;
  point.result_id = seed.result_id;
  point.disaggregated = seed.disaggregated;
  point.prefill_gpus = seed.prefill_gpus;
  point.decode_gpus = seed.decode_gpus;
  point.aggregate_engine_gpus = seed.aggregate_engine_gpus;
  point.total_allocated_gpus = seed.total_allocated_gpus;
  point.absolute_tps = {seed.input_tps, seed.output_tps, seed.total_tps};
  point.interactivity_p90 = seed.interactivity_p90;
  point.interactivity_median = seed.interactivity_median;
  return point;
}

BenchmarkPoint
seed_point(std::string_view result_id)
{
  for (const SeedPoint& seed : k_seed) {
    if (seed.result_id == result_id) {
      return point_of(seed);
    }
  }
  ADD_FAILURE() << "no seed point " << result_id;
  return {};
}

// The seed's GB200 NVL72 figures.
PlanRequest
gb200_request(double tokens_per_day, double utilization = 0.6)
{
  PlanRequest request;
  request.tokens_per_day = tokens_per_day;
  request.utilization = utilization;
  request.gpus_per_rack = 72;
  request.cost_per_gpu_hour = 1.86;
  request.kw_per_gpu = 1.87;
  return request;
}

// A round-number deployment: 3000 input + 1000 output tokens/s on `gpus` GPUs.
DeploymentCapacity
test_deployment(std::int64_t gpus = 8)
{
  return {"test", gpus, 3000.0, 1000.0, 4000.0, std::nullopt};
}

TEST(PackRack, reproduces_the_seed_same_group_packing)
{
  for (const SeedPoint& seed : k_seed) {
    SCOPED_TRACE(seed.result_id);
    const DeploymentCapacity deployment = capacity_of(point_of(seed));
    const RackPacking packing = pack_rack(deployment.gpus_per_group, 72);
    EXPECT_EQ(packing.groups_per_rack, seed.whole_groups);
    EXPECT_EQ(packing.racks_per_group, 1);
    EXPECT_EQ(packing.allocated_gpus, seed.allocated_gpus);
    EXPECT_EQ(packing.allocated_gpus, packing.groups_per_rack * deployment.gpus_per_group);
    EXPECT_EQ(packing.unused_gpus, seed.unused_gpus);
    ASSERT_TRUE(deployment.output_tps);
    EXPECT_NEAR(static_cast<double>(packing.groups_per_rack) * *deployment.output_tps, seed.rack_output_tps,
                1e-3);
  }
}

TEST(PackRack, group_larger_than_a_rack_takes_whole_racks)
{
  const RackPacking larger = pack_rack(96, 72);
  EXPECT_EQ(larger.groups_per_rack, 0);
  EXPECT_EQ(larger.racks_per_group, 2);
  EXPECT_EQ(larger.allocated_gpus, 96);
  EXPECT_EQ(larger.unused_gpus, 48);

  const RackPacking exact = pack_rack(144, 72);
  EXPECT_EQ(exact.groups_per_rack, 0);
  EXPECT_EQ(exact.racks_per_group, 2);
  EXPECT_EQ(exact.unused_gpus, 0);

  const RackPacking whole_rack = pack_rack(72, 72);
  EXPECT_EQ(whole_rack.groups_per_rack, 1);
  EXPECT_EQ(whole_rack.racks_per_group, 1);
  EXPECT_EQ(whole_rack.unused_gpus, 0);
}

TEST(PlanCapacity, forty_trillion_a_day_on_point_444914)
{
  // d = 40e12 / 86400 = 462,962,962.963 tok/s, split by the point's own mix 613533.27093 : 4950.88918.
  // Both sides then load d / (613533.27093 + 4950.88918) = d / 618484.16011 = 748.5446 groups: a tie,
  // reported as both. / 0.6 = 1247.574 -> 1248 groups x 16 GPUs = 19,968 allocated.
  // 4 groups per 72-GPU rack -> ceil(1248 / 4) = 312 racks = 22,464 provisioned, 2,496 idle.
  // $/day = 22464 x 1.86 x 24 = 1,002,792.96; MW = 22464 x 1.87 / 1000 = 42.00768;
  // $/M tokens = 1,002,792.96 / 40e6 = 0.025069824.
  const auto plan = plan_capacity(capacity_of(seed_point("444914")), gb200_request(40e12));
  ASSERT_TRUE(plan) << plan.error().to_string();
  EXPECT_DOUBLE_EQ(plan->mix_used.input, 613533.27093);
  EXPECT_DOUBLE_EQ(plan->mix_used.output, 4950.88918);
  EXPECT_NEAR(plan->demand_input_per_s + plan->demand_output_per_s, 462962962.962963, 1e-3);
  EXPECT_EQ(plan->binding, BindingSide::both);
  EXPECT_EQ(plan->groups, 1248);
  EXPECT_EQ(plan->gpus_per_group, 16);
  EXPECT_EQ(plan->allocated_gpus, 19968);
  EXPECT_EQ(plan->groups_per_rack, 4);
  EXPECT_EQ(plan->racks_per_group, 1);
  EXPECT_EQ(plan->racks, 312);
  EXPECT_EQ(plan->provisioned_gpus, 22464);
  EXPECT_EQ(plan->idle_gpus, 2496);
  EXPECT_NEAR(plan->cost_per_day, 1002792.96, 1e-6);
  EXPECT_NEAR(plan->power_mw, 42.00768, 1e-9);
  EXPECT_NEAR(plan->cost_per_million_tokens, 0.025069824, 1e-12);
}

TEST(PlanCapacity, group_larger_than_a_rack_needs_whole_racks_per_group)
{
  // 96-GPU groups serving 4000 tok/s: 2.5 groups' worth at u = 1 -> 3 groups x 2 racks = 6 racks.
  PlanRequest request = gb200_request(2.5 * 4000 * 86400, 1.0);
  const auto plan = plan_capacity(test_deployment(96), request);
  ASSERT_TRUE(plan) << plan.error().to_string();
  EXPECT_EQ(plan->groups, 3);
  EXPECT_EQ(plan->groups_per_rack, 0);
  EXPECT_EQ(plan->racks_per_group, 2);
  EXPECT_EQ(plan->racks, 6);
  EXPECT_EQ(plan->allocated_gpus, 288);
  EXPECT_EQ(plan->provisioned_gpus, 432);
  EXPECT_EQ(plan->idle_gpus, 144);
}

TEST(PlanCapacity, demand_exactly_on_a_group_boundary_takes_that_many_groups)
{
  // 7 groups' usable capacity: 7 x 4000 x 0.6 tok/s. The input side loads 12600 / 3000 = 4.2, and in
  // doubles 4.2 / 0.6 = 7.000000000000001: a bare ceil would say 8.
  const double seven_groups = 7 * 4000 * 0.6 * 86400;
  const auto plan = plan_capacity(test_deployment(), gb200_request(seven_groups));
  ASSERT_TRUE(plan) << plan.error().to_string();
  EXPECT_EQ(plan->groups, 7);
  EXPECT_EQ(plan->racks, 1);
  EXPECT_EQ(plan->idle_gpus, 72 - 56);

  const auto over = plan_capacity(test_deployment(), gb200_request(seven_groups * (1 + 1e-6)));
  ASSERT_TRUE(over) << over.error().to_string();
  EXPECT_EQ(over->groups, 8);
}

TEST(PlanCapacity, utilization_one_and_tiny)
{
  // u = 1: ceil(748.5446) = 749 groups -> ceil(749 / 4) = 188 racks = 13,536 GPUs, 13536 - 11984 idle.
  const DeploymentCapacity pro = capacity_of(seed_point("444914"));
  const auto full = plan_capacity(pro, gb200_request(40e12, 1.0));
  ASSERT_TRUE(full) << full.error().to_string();
  EXPECT_EQ(full->groups, 749);
  EXPECT_EQ(full->racks, 188);
  EXPECT_EQ(full->provisioned_gpus, 13536);
  EXPECT_EQ(full->idle_gpus, 1552);

  // u = 1e-6: 748.5445753 / 1e-6 = 748,544,575.3 -> 748,544,576 groups, 187,136,144 racks.
  const auto tiny = plan_capacity(pro, gb200_request(40e12, 1e-6));
  ASSERT_TRUE(tiny) << tiny.error().to_string();
  EXPECT_EQ(tiny->groups, 748544576);
  EXPECT_EQ(tiny->racks, 187136144);
  EXPECT_EQ(tiny->provisioned_gpus, 187136144LL * 72);
}

TEST(PlanCapacity, explicit_mix_can_flip_the_binding_side)
{
  const DeploymentCapacity pro = capacity_of(seed_point("444914"));
  // 1000:1 asks for more input per output than the point's own 124:1: the input side binds.
  // d_in = d x 1000/1001 / 613533.27093 = 753.831 > d_out load 93.418; / 0.6 = 1256.39 -> 1257 groups.
  PlanRequest input_heavy = gb200_request(40e12);
  input_heavy.mix = TokenMix{1000, 1};
  const auto input_plan = plan_capacity(pro, input_heavy);
  ASSERT_TRUE(input_plan) << input_plan.error().to_string();
  EXPECT_EQ(input_plan->binding, BindingSide::input);
  EXPECT_EQ(input_plan->groups, 1257);
  EXPECT_EQ(input_plan->racks, 315);

  PlanRequest output_heavy = gb200_request(40e12);
  output_heavy.mix = TokenMix{10, 1};
  const auto output_plan = plan_capacity(pro, output_heavy);
  ASSERT_TRUE(output_plan) << output_plan.error().to_string();
  EXPECT_EQ(output_plan->binding, BindingSide::output);
  EXPECT_DOUBLE_EQ(output_plan->demand_output_per_s, 40e12 / 86400 / 11);

  PlanRequest input_only = gb200_request(40e12);
  input_only.mix = TokenMix{1, 0};
  const auto input_only_plan = plan_capacity(pro, input_only);
  ASSERT_TRUE(input_only_plan) << input_only_plan.error().to_string();
  EXPECT_EQ(input_only_plan->binding, BindingSide::input);
  EXPECT_EQ(input_only_plan->demand_output_per_s, 0);
}

TEST(PlanCapacity, unknown_split_sizes_on_total_tokens)
{
  const DeploymentCapacity totals_only{"totals", 16, {}, {}, 618484.1601, std::nullopt};
  const auto plan = plan_capacity(totals_only, gb200_request(40e12));
  ASSERT_TRUE(plan) << plan.error().to_string();
  EXPECT_EQ(plan->binding, BindingSide::total);
  EXPECT_EQ(plan->groups, 1248);
  EXPECT_EQ(plan->mix_used.input, 0);
  EXPECT_EQ(plan->mix_used.output, 0);
  EXPECT_EQ(plan->demand_input_per_s, 0);

  // A given mix still splits the reported demand, but one side of the deployment cannot be checked.
  PlanRequest with_mix = gb200_request(40e12);
  with_mix.mix = TokenMix{3, 1};
  const auto mixed = plan_capacity(totals_only, with_mix);
  ASSERT_TRUE(mixed) << mixed.error().to_string();
  EXPECT_EQ(mixed->binding, BindingSide::total);
  EXPECT_EQ(mixed->groups, 1248);
  EXPECT_DOUBLE_EQ(mixed->demand_input_per_s, 40e12 / 86400 * 0.75);
}

struct BadPlan
{
  const char* name;
  DeploymentCapacity deployment;
  PlanRequest request;
  const char* field;
  const char* message;
};

PlanRequest
with(PlanRequest request, auto change)
{
  change(request);
  return request;
}

TEST(PlanCapacity, refuses_bad_input_naming_the_field)
{
  const PlanRequest ok = gb200_request(40e12);
  const DeploymentCapacity dep = test_deployment();
  const DeploymentCapacity no_output{"test", 8, 3000.0, 0.0, 3000.0, std::nullopt};
  const DeploymentCapacity no_input{"test", 8, 0.0, 1000.0, 1000.0, std::nullopt};
  const std::vector<BadPlan> cases{
    {"zero demand", dep, with(ok, [](auto& r) { r.tokens_per_day = 0; }), "demand",
     "must be > 0 and finite (got 0)"},
    {"negative demand", dep, with(ok, [](auto& r) { r.tokens_per_day = -1; }), "demand",
     "must be > 0 and finite (got -1)"},
    {"nan demand", dep, with(ok, [](auto& r) { r.tokens_per_day = k_nan; }), "demand",
     "must be > 0 and finite (got nan)"},
    {"infinite demand", dep, with(ok, [](auto& r) { r.tokens_per_day = k_inf; }), "demand",
     "must be > 0 and finite (got inf)"},
    {"zero utilization", dep, with(ok, [](auto& r) { r.utilization = 0; }), "utilization",
     "must be in (0, 1] (got 0)"},
    {"utilization above one", dep, with(ok, [](auto& r) { r.utilization = 1.5; }), "utilization",
     "must be in (0, 1] (got 1.5)"},
    {"negative utilization", dep, with(ok, [](auto& r) { r.utilization = -0.1; }), "utilization",
     "must be in (0, 1] (got -0.1)"},
    {"nan utilization", dep, with(ok, [](auto& r) { r.utilization = k_nan; }), "utilization",
     "must be in (0, 1] (got nan)"},
    {"empty mix", dep, with(ok, [](auto& r) { r.mix = TokenMix{0, 0}; }), "mix",
     "must have input or output tokens (got 0:0)"},
    {"negative mix", dep, with(ok, [](auto& r) { r.mix = TokenMix{-1, 1}; }), "mix",
     "must be >= 0 on both sides (got -1:1)"},
    {"infinite mix", dep, with(ok, [](auto& r) { r.mix = TokenMix{k_inf, 1}; }), "mix",
     "must be finite (got inf:1)"},
    {"zero rack", dep, with(ok, [](auto& r) { r.gpus_per_rack = 0; }), "gpus_per_rack",
     "must be 1 to 100000 (got 0)"},
    {"negative rack", dep, with(ok, [](auto& r) { r.gpus_per_rack = -72; }), "gpus_per_rack",
     "must be 1 to 100000 (got -72)"},
    // Once blamed on the demand ("needs 9e+18 GPUs"): the rack itself is what no plan can have.
    {"rack beyond any rack", dep, with(ok, [](auto& r) { r.gpus_per_rack = 9'000'000'000'000'000'000; }),
     "gpus_per_rack", "must be 1 to 100000 (got 9000000000000000000)"},
    // Each figure finite, their product not: once "$inf/day", null in JSON.
    {"cost that overflows", dep, with(ok, [](auto& r) { r.cost_per_gpu_hour = 1e307; }), "cost_per_gpu_hour",
     "too large: the cost of 1543248 GPUs overflows (got 1e+307 per GPU-hour)"},
    {"demand far below a token a day", dep, with(ok, [](auto& r) { r.tokens_per_day = 1e-300; }),
     "demand", "must be at least 1 token a day (got 1e-300)"},
    {"demand below a token a day", dep, with(ok, [](auto& r) { r.tokens_per_day = 0.5; }), "demand",
     "must be at least 1 token a day (got 0.5)"},
    {"power that overflows", dep, with(ok, [](auto& r) { r.kw_per_gpu = 1e308; }), "kw_per_gpu",
     "too large: the power of 1543248 GPUs overflows (got 1e+308 kW per GPU)"},
    {"zero cost", dep, with(ok, [](auto& r) { r.cost_per_gpu_hour = 0; }), "cost_per_gpu_hour",
     "must be > 0 and finite (got 0)"},
    {"negative cost", dep, with(ok, [](auto& r) { r.cost_per_gpu_hour = -1.86; }), "cost_per_gpu_hour",
     "must be > 0 and finite (got -1.86)"},
    {"infinite cost", dep, with(ok, [](auto& r) { r.cost_per_gpu_hour = k_inf; }), "cost_per_gpu_hour",
     "must be > 0 and finite (got inf)"},
    {"zero power", dep, with(ok, [](auto& r) { r.kw_per_gpu = 0; }), "kw_per_gpu",
     "must be > 0 and finite (got 0)"},
    {"nan power", dep, with(ok, [](auto& r) { r.kw_per_gpu = k_nan; }), "kw_per_gpu",
     "must be > 0 and finite (got nan)"},
    {"output asked of a deployment without output", no_output,
     with(ok, [](auto& r) { r.mix = TokenMix{3, 1}; }), "mix",
     "asks for output tokens but test serves none (output_tps 0)"},
    {"input asked of a deployment without input", no_input,
     with(ok, [](auto& r) { r.mix = TokenMix{3, 1}; }), "mix",
     "asks for input tokens but test serves none (input_tps 0)"},
    {"deployment without GPUs", {"test", 0, 3000.0, 1000.0, 4000.0, std::nullopt}, ok, "deployment",
     "test has no GPUs (got gpus_per_group 0)"},
    {"deployment with negative throughput", {"test", 8, -3000.0, 1000.0, 4000.0, std::nullopt}, ok, "deployment",
     "test has a negative or non-finite throughput"},
    {"deployment serving nothing, split unknown", {"test", 8, {}, {}, 0.0, std::nullopt}, ok, "deployment",
     "test serves no tokens (got total_tps 0)"},
    {"deployment serving nothing, split known", {"test", 8, 0.0, 0.0, 0.0, std::nullopt}, ok, "deployment",
     "test serves no tokens (got input_tps 0, output_tps 0)"},
    {"demand beyond any plan", dep,
     with(ok, [](auto& r) {
       r.tokens_per_day = 1e25;
       r.utilization = 1e-6;
     }),
     "demand",
     // 1e25 / 86400 / 4000 / 1e-6 = 2.89e19 groups of 8, 9 to a rack: 3.2e18 racks x 72 = 2.31e23 GPUs.
     "needs 2.31e+23 GPUs, more than the planner sizes (1e+15) (got 1e+25 tokens/day at utilization 1e-06)"},
  };
  for (const BadPlan& bad : cases) {
    SCOPED_TRACE(bad.name);
    const auto plan = plan_capacity(bad.deployment, bad.request);
    ASSERT_FALSE(plan);
    EXPECT_EQ(plan.error().record, "");
    EXPECT_EQ(plan.error().field, bad.field);
    EXPECT_EQ(plan.error().message, bad.message);
  }
}

TEST(CapacityOf, counts_physical_gpus_and_reads_absolute_throughput)
{
  const DeploymentCapacity pro = capacity_of(seed_point("444911"));
  EXPECT_EQ(pro.basis, "point 444911");
  EXPECT_EQ(pro.gpus_per_group, 20);
  EXPECT_EQ(pro.input_tps, 1688667.64671);
  EXPECT_EQ(pro.output_tps, 12650.99349);
  EXPECT_EQ(pro.total_tps, 1701318.64019);

  // Aggregated rows may mirror the engine's 4 GPUs into both P/D columns: 4, never 8.
  BenchmarkPoint mirrored = seed_point("444212");
  mirrored.prefill_gpus = 4;
  mirrored.decode_gpus = 4;
  EXPECT_EQ(capacity_of(mirrored).gpus_per_group, 4);

  BenchmarkPoint counts_unknown = seed_point("444914");
  counts_unknown.prefill_gpus.reset();
  EXPECT_EQ(capacity_of(counts_unknown).gpus_per_group, 16);
}

TEST(CapacityOf, falls_back_to_all_allocated_per_gpu_throughput)
{
  BenchmarkPoint point;
  point.result_id = "csv-1";
  point.total_allocated_gpus = 8;
  point.per_gpu_tps = {100.0, 25.0, 125.0};
  const DeploymentCapacity all_allocated = capacity_of(point);
  EXPECT_EQ(all_allocated.gpus_per_group, 8);
  EXPECT_EQ(all_allocated.input_tps, 800.0);
  EXPECT_EQ(all_allocated.output_tps, 200.0);
  EXPECT_EQ(all_allocated.total_tps, 1000.0);

  point.per_gpu_tps.total.reset();
  EXPECT_EQ(capacity_of(point).total_tps, 1000.0);

  // Role-local values were divided by different pools: they do not scale back to the group.
  point.per_gpu_basis = PerGpuBasis::role_local;
  const DeploymentCapacity role_local = capacity_of(point);
  EXPECT_FALSE(role_local.input_tps);
  EXPECT_FALSE(role_local.output_tps);
  EXPECT_EQ(role_local.total_tps, 0);
}

TEST(InterpolatedCapacity, pro_headline_between_its_brackets)
{
  // Seed headline: 37,029.643 tok/s/GPU at 100 tok/s/user (P90) between 444911 (95.785) and 444914
  // (104.603). 444911 is nearer (4.21 vs 4.60): 20 GPUs per group.
  const InterpolatedThroughput value{InterpolationState::interpolated, 37029.643, "444911", "444914"};
  const BenchmarkPoint lower = seed_point("444911");
  const BenchmarkPoint upper = seed_point("444914");
  const auto capacity = interpolated_capacity(value, lower, &upper, InteractivityBasis::p90_itl, 100);
  ASSERT_TRUE(capacity) << capacity.error().to_string();
  EXPECT_EQ(capacity->basis, "interpolated at 100 tok/s/user between 444911 and 444914");
  EXPECT_EQ(capacity->gpus_per_group, 20);
  EXPECT_DOUBLE_EQ(capacity->total_tps, 37029.643 * 20);

  const double t = (100 - 95.78544061302682) / (104.60251046025104 - 95.78544061302682);
  const double low_share = 1688667.64671 / (1688667.64671 + 12650.99349);
  const double high_share = 613533.27093 / (613533.27093 + 4950.88918);
  const double share = low_share + t * (high_share - low_share);
  ASSERT_TRUE(capacity->input_tps && capacity->output_tps);
  EXPECT_NEAR(*capacity->input_tps, 37029.643 * 20 * share, 1e-6);
  EXPECT_NEAR(*capacity->input_tps + *capacity->output_tps, capacity->total_tps, 1e-6);

  // The brackets ran 20 and 16 GPUs: which size was taken is said, since whole racks depend on it.
  EXPECT_EQ(capacity->sizing_note, "The brackets ran groups of different sizes: groups of 20 GPUs are planned, as "
                                   "444911 (the nearer bracket) ran; 444914 ran 16, and whole racks and idle GPUs "
                                   "would differ with groups of that size.");

  // Nearer the upper bracket: sized like 444914.
  const auto near_upper = interpolated_capacity(value, lower, &upper, InteractivityBasis::p90_itl, 104);
  ASSERT_TRUE(near_upper);
  EXPECT_EQ(near_upper->gpus_per_group, 16);
  ASSERT_TRUE(near_upper->sizing_note);
  EXPECT_NE(near_upper->sizing_note->find("groups of 16 GPUs are planned, as 444914"), std::string::npos);
  // Brackets of one size need no such note.
  BenchmarkPoint same_size = upper;
  same_size.total_allocated_gpus = lower.total_allocated_gpus;
  same_size.prefill_gpus = lower.prefill_gpus;
  same_size.decode_gpus = lower.decode_gpus;
  EXPECT_FALSE(interpolated_capacity(value, lower, &same_size, InteractivityBasis::p90_itl, 100)->sizing_note);
}

TEST(InterpolatedCapacity, reads_the_brackets_on_the_curves_basis)
{
  BenchmarkPoint lower = seed_point("444911");
  const BenchmarkPoint upper = seed_point("444914");
  lower.interactivity_p90.reset();
  // A curve on the median (a point lacks P90): 101.52 and 112.49; 105 is nearer the lower bracket there (3.48 vs
  // 7.49), not on P90.
  const InterpolatedThroughput value{InterpolationState::interpolated, 30000.0, "444911", "444914"};
  const auto capacity = interpolated_capacity(value, lower, &upper, InteractivityBasis::median_tpot, 105);
  ASSERT_TRUE(capacity);
  EXPECT_EQ(capacity->gpus_per_group, 20);

  // A fixed-length run is read on the median even though its points carry P90 (TPOT) too. A: 4P + 4D GPUs, median
  // 40, P90 30; B: 4P + 12D, median 80, P90 50. At 45 on the median A is nearer (5 vs 35); on P90 B would be.
  BenchmarkPoint a;
  a.result_id = "a";
  a.workload = "8192/1024";
  a.disaggregated = true;
  a.prefill_gpus = 4;
  a.decode_gpus = 4;
  a.total_allocated_gpus = 8;
  a.interactivity_median = 40;
  a.interactivity_p90 = 30;
  a.per_gpu_tps.total = 1000;
  BenchmarkPoint b = a;
  b.result_id = "b";
  b.decode_gpus = 12;
  b.total_allocated_gpus = 16;
  b.interactivity_median = 80;
  b.interactivity_p90 = 50;
  b.per_gpu_tps.total = 500;
  const InterpolatedThroughput between{InterpolationState::interpolated, 900.0, "a", "b"};
  const auto on_median = interpolated_capacity(between, a, &b, InteractivityBasis::median_tpot, 45);
  ASSERT_TRUE(on_median) << on_median.error().to_string();
  EXPECT_EQ(on_median->gpus_per_group, 8);
  const auto on_p90 = interpolated_capacity(between, a, &b, InteractivityBasis::p90_itl, 45);
  ASSERT_TRUE(on_p90);
  EXPECT_EQ(on_p90->gpus_per_group, 16);
}

TEST(InterpolatedCapacity, exact_clamped_and_unreachable)
{
  const BenchmarkPoint flash = seed_point("444210");
  const InterpolatedThroughput exact{InterpolationState::exact, 175618.32904, "444210", {}};
  const auto at_knot = interpolated_capacity(exact, flash, nullptr, InteractivityBasis::p90_itl, 85.6898029134533);
  ASSERT_TRUE(at_knot);
  EXPECT_EQ(at_knot->basis, "measured at 85.6898029134533 tok/s/user: point 444210");
  EXPECT_EQ(at_knot->gpus_per_group, 4);
  EXPECT_DOUBLE_EQ(*at_knot->input_tps, 175618.32904 * 4 * (696973.17057 / (696973.17057 + 5500.14558)));

  const InterpolatedThroughput clamped{InterpolationState::clamped_low, 175618.32904, "444210", {}};
  const auto below = interpolated_capacity(clamped, flash, nullptr, InteractivityBasis::p90_itl, 50);
  ASSERT_TRUE(below);
  EXPECT_EQ(below->basis, "clamped at 50 tok/s/user to point 444210 (a lower bound)");

  const InterpolatedThroughput unreachable{InterpolationState::unreachable, {}, "446626", {}};
  const auto too_fast =
    interpolated_capacity(unreachable, seed_point("446626"), nullptr, InteractivityBasis::p90_itl, 200);
  ASSERT_FALSE(too_fast);
  EXPECT_EQ(too_fast.error().field, "at");
  EXPECT_EQ(too_fast.error().message,
            "no throughput at 200 tok/s/user: faster than the fastest measured point (446626), unreachable");
}

TEST(ParseTokenDemand, reads_suffixes_and_plain_numbers)
{
  EXPECT_EQ(parse_token_demand("40T").value(), 40e12);
  EXPECT_EQ(parse_token_demand("40t").value(), 40e12);
  EXPECT_EQ(parse_token_demand("1.5B").value(), 1.5e9);
  EXPECT_EQ(parse_token_demand("1.5b").value(), 1.5e9);
  EXPECT_EQ(parse_token_demand("500M").value(), 500e6);
  EXPECT_EQ(parse_token_demand("18.342857142857145T").value(), 18.342857142857145e12);
  EXPECT_EQ(parse_token_demand("2e12").value(), 2e12);
  EXPECT_EQ(parse_token_demand("40000000000000").value(), 40e12);
  EXPECT_EQ(parse_token_demand(" 40T ").value(), 40e12);
}

TEST(ParseTokenDemand, refuses_bad_text_naming_it)
{
  const std::vector<std::pair<const char*, const char*>> cases{
    {"", "expected tokens per day such as 40T, 1.5B, 500M or 2e12 (got \"\")"},
    {"  ", "expected tokens per day such as 40T, 1.5B, 500M or 2e12 (got \"\")"},
    {"T", "expected tokens per day such as 40T, 1.5B, 500M or 2e12 (got \"T\")"},
    {"-5T", "must be > 0 (got \"-5T\")"},
    {"0", "must be > 0 (got \"0\")"},
    {"0M", "must be > 0 (got \"0M\")"},
    {"nan", "must be finite (got \"nan\")"},
    {"inf", "must be finite (got \"inf\")"},
    {"1e400", "must be finite (got \"1e400\")"},
    {"1e300T", "must be finite (got \"1e300T\")"},
    {"40X", "unknown suffix \"X\": use T, B or M (got \"40X\")"},
    {"40k", "unknown suffix \"k\": use T, B or M (got \"40k\")"},
    {"40TB", "expected tokens per day such as 40T, 1.5B, 500M or 2e12 (got \"40TB\")"},
    {"40T/day", "expected tokens per day such as 40T, 1.5B, 500M or 2e12 (got \"40T/day\")"},
    {"40 T", "expected tokens per day such as 40T, 1.5B, 500M or 2e12 (got \"40 T\")"},
    {"forty", "expected tokens per day such as 40T, 1.5B, 500M or 2e12 (got \"forty\")"},
    {"+40T", "expected tokens per day such as 40T, 1.5B, 500M or 2e12 (got \"+40T\")"},
  };
  for (const auto& [text, message] : cases) {
    SCOPED_TRACE(text);
    const auto demand = parse_token_demand(text);
    ASSERT_FALSE(demand);
    EXPECT_EQ(demand.error().field, "demand");
    EXPECT_EQ(demand.error().message, message);
  }
}

TEST(ParseTokenMix, reads_in_colon_out)
{
  const auto mix = parse_token_mix("3:1");
  ASSERT_TRUE(mix);
  EXPECT_EQ(mix->input, 3);
  EXPECT_EQ(mix->output, 1);
  EXPECT_EQ(parse_token_mix("0:1")->input, 0);
  EXPECT_EQ(parse_token_mix("1:0")->output, 0);
  EXPECT_EQ(parse_token_mix(" 124.5 : 1 ")->input, 124.5);
}

TEST(ParseTokenMix, refuses_bad_text_naming_it)
{
  const std::vector<std::pair<const char*, const char*>> cases{
    {"", "expected IN:OUT such as 3:1 (got \"\")"},
    {"3", "expected IN:OUT such as 3:1 (got \"3\")"},
    {"3:", "expected IN:OUT such as 3:1 (got \"3:\")"},
    {"3:1:1", "expected IN:OUT such as 3:1 (got \"3:1:1\")"},
    {"a:b", "expected IN:OUT such as 3:1 (got \"a:b\")"},
    {"3/1", "expected IN:OUT such as 3:1 (got \"3/1\")"},
    {"-1:1", "must be >= 0 on both sides (got \"-1:1\")"},
    {"0:0", "must have input or output tokens (got \"0:0\")"},
    {"inf:1", "must be finite (got \"inf:1\")"},
    {"1:nan", "must be finite (got \"1:nan\")"},
  };
  for (const auto& [text, message] : cases) {
    SCOPED_TRACE(text);
    const auto mix = parse_token_mix(text);
    ASSERT_FALSE(mix);
    EXPECT_EQ(mix.error().field, "mix");
    EXPECT_EQ(mix.error().message, message);
  }
}

TEST(BindingSide, to_string_names_each_side)
{
  EXPECT_STREQ(to_string(BindingSide::input), "input");
  EXPECT_STREQ(to_string(BindingSide::output), "output");
  EXPECT_STREQ(to_string(BindingSide::total), "total");
}

}  // namespace
}  // namespace infertrack::domain
