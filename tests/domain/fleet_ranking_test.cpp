#include "infertrack/domain/fleet_ranking.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace infertrack::domain {
namespace {

DeploymentCapacity
deployment(std::int64_t gpus, double input_tps, double output_tps)
{
  DeploymentCapacity capacity;
  capacity.basis = "test";
  capacity.gpus_per_group = gpus;
  capacity.input_tps = input_tps;
  capacity.output_tps = output_tps;
  capacity.total_tps = input_tps + output_tps;
  return capacity;
}

HardwareCost
hardware(std::string key, double cost, double kw, std::optional<std::int64_t> rack = 72)
{
  HardwareCost figures;
  figures.hardware = std::move(key);
  figures.name = figures.hardware;
  figures.cost_per_gpu_hour = cost;
  figures.kw_per_gpu = kw;
  figures.gpus_per_rack = rack;
  return figures;
}

// 1e9 tokens/day at a 1:1 mix: 5,787.04 input and output tokens/s.
PlanRequest
request()
{
  PlanRequest r;
  r.tokens_per_day = 1e9;
  r.utilization = 0.6;
  return r;
}

std::vector<FleetCandidate>
candidates()
{
  FleetCandidate small{"A b200 8 GPUs", deployment(8, 4000, 4000), deployment(8, 3000, 3000),
                       deployment(8, 5000, 5000), hardware("b200", 2.0, 1.5)};
  FleetCandidate rack{"B gb200 72 GPUs", deployment(72, 36000, 36000), std::nullopt, std::nullopt,
                      hardware("gb200", 1.0, 2.0)};
  return {small, rack};
}

TEST(FleetRanking, RanksByCostPowerOrGpus)
{
  const std::vector<FleetCandidate> all = candidates();
  // A: ceil(5787.04 / 4000 / 0.6) = 3 groups of 8 in one 72-GPU rack: 72 x $2 x 24 = $3,456/day, 0.108 MW.
  // B: one group, one rack: 72 x $1 x 24 = $1,728/day, 0.144 MW.
  const FleetRanking by_cost = rank_fleets(all, request(), FleetRankBy::cost);
  ASSERT_EQ(by_cost.ranked.size(), 2u);
  EXPECT_TRUE(by_cost.unplanned.empty());
  EXPECT_EQ(by_cost.ranked[0].candidate, 1u);
  EXPECT_DOUBLE_EQ(by_cost.ranked[0].plan.cost_per_day, 1728);
  const FleetPlan& a = by_cost.ranked[1];
  EXPECT_EQ(a.plan.groups, 3);
  EXPECT_EQ(a.plan.racks, 1);
  EXPECT_DOUBLE_EQ(a.plan.cost_per_day, 3456);
  EXPECT_NEAR(a.plan.power_mw, 0.108, 1e-12);

  const FleetRanking by_power = rank_fleets(all, request(), FleetRankBy::power);
  EXPECT_EQ(by_power.ranked[0].candidate, 0u);
  // Both provision 72 GPUs: the tie goes to the cheaper.
  const FleetRanking by_gpus = rank_fleets(all, request(), FleetRankBy::gpus);
  EXPECT_EQ(by_gpus.ranked[0].candidate, 1u);
}

TEST(FleetRanking, PricesInputAndOutputTokensApart)
{
  PlanRequest skewed = request();
  skewed.mix = TokenMix{3, 1}; // 750M input, 250M output tokens a day
  const FleetRanking ranking = rank_fleets(candidates(), skewed, FleetRankBy::cost);
  const FleetPlan& b = ranking.ranked[0];
  ASSERT_EQ(b.candidate, 1u);
  // The whole fleet's $1,728/day over each side's tokens.
  EXPECT_NEAR(*b.cost_per_million_input, 1728.0 / 750, 1e-9);
  EXPECT_NEAR(*b.cost_per_million_output, 1728.0 / 250, 1e-9);
  EXPECT_NEAR(b.plan.cost_per_million_tokens, 1728.0 / 1000, 1e-9);

  PlanRequest output_only = request();
  output_only.mix = TokenMix{0, 1};
  const FleetRanking none_in = rank_fleets(candidates(), output_only, FleetRankBy::cost);
  EXPECT_FALSE(none_in.ranked[0].cost_per_million_input);
  EXPECT_TRUE(none_in.ranked[0].cost_per_million_output);
}

TEST(FleetRanking, GivesTheRangeOfEachBracketAloneAndOfTheUtilisation)
{
  const FleetRanking ranking = rank_fleets(candidates(), request(), FleetRankBy::cost);
  const PlanUncertainty& a = ranking.ranked[1].uncertainty;
  // Lower bracket alone: ceil(5787.04 / 3000 / 0.6) = 4 groups; upper alone: ceil(5787.04 / 5000 / 0.6) = 2.
  ASSERT_TRUE(a.lower_bracket_alone);
  ASSERT_TRUE(a.upper_bracket_alone);
  EXPECT_EQ(a.lower_bracket_alone->groups, 4);
  EXPECT_EQ(a.upper_bracket_alone->groups, 2);
  EXPECT_DOUBLE_EQ(a.brackets.groups.low, 2);
  EXPECT_DOUBLE_EQ(a.brackets.groups.high, 4);
  // Utilisation 0.9: ceil(1.4468 / 0.9) = 2 groups; 0.4: ceil(1.4468 / 0.4) = 4. One rack throughout.
  EXPECT_DOUBLE_EQ(a.utilization.groups.low, 2);
  EXPECT_DOUBLE_EQ(a.utilization.groups.high, 4);
  EXPECT_DOUBLE_EQ(a.utilization.racks.low, 1);
  EXPECT_DOUBLE_EQ(a.utilization.racks.high, 1);

  // B measured its point: no brackets, so the bracket range is the plan itself.
  const PlanUncertainty& b = ranking.ranked[0].uncertainty;
  EXPECT_FALSE(b.lower_bracket_alone);
  EXPECT_DOUBLE_EQ(b.brackets.cost_per_day.low, 1728);
  EXPECT_DOUBLE_EQ(b.brackets.cost_per_day.high, 1728);
}

TEST(FleetRanking, SaysWhyACandidateIsNotPlanned)
{
  std::vector<FleetCandidate> all = candidates();
  all[0].hardware.gpus_per_rack.reset();
  const FleetRanking ranking = rank_fleets(all, request(), FleetRankBy::cost);
  ASSERT_EQ(ranking.ranked.size(), 1u);
  ASSERT_EQ(ranking.unplanned.size(), 1u);
  EXPECT_EQ(ranking.unplanned[0].candidate, 0u);
  EXPECT_NE(ranking.unplanned[0].reason.find("no rack size is known for b200"), std::string::npos);
}

TEST(FleetRanking, ParsesRankNames)
{
  EXPECT_EQ(parse_fleet_rank("cost"), FleetRankBy::cost);
  EXPECT_EQ(parse_fleet_rank("mw"), FleetRankBy::power);
  EXPECT_EQ(parse_fleet_rank("power"), FleetRankBy::power);
  EXPECT_EQ(parse_fleet_rank("gpus"), FleetRankBy::gpus);
  EXPECT_FALSE(parse_fleet_rank("speed"));
}

}  // namespace
}  // namespace infertrack::domain
