// Cost figures in force on a date: the latest effective on or before it, per hardware.
#include "infertrack/domain/efficiency.hpp"

#include <gtest/gtest.h>

namespace infertrack::domain {
namespace {

HardwareCost
cost(std::string hardware, std::string date, double dollars)
{
  return HardwareCost{std::move(hardware), "name", 72, dollars, 1.5, std::move(date), std::nullopt};
}

std::vector<std::pair<std::string, double>>
hardware_and_dollars(const std::vector<HardwareCost>& costs)
{
  std::vector<std::pair<std::string, double>> out;
  for (const HardwareCost& each : costs) {
    out.emplace_back(each.hardware, each.cost_per_gpu_hour);
  }
  return out;
}

TEST(CostsInForce, each_hardware_gets_its_latest_entry_on_or_before_the_date)
{
  // Listed out of date order, as a store may hold them.
  const std::vector<HardwareCost> costs = {cost("gb200", "2026-11-02", 1.86), cost("mi355x", "2026-07-01", 1.50),
                                           cost("gb200", "2026-04-01", 2.21), cost("gb200", "2026-07-01", 1.90)};
  using Expected = std::vector<std::pair<std::string, double>>;
  EXPECT_EQ(hardware_and_dollars(costs_in_force(costs)), (Expected{{"gb200", 1.86}, {"mi355x", 1.50}}));
  EXPECT_EQ(hardware_and_dollars(costs_in_force(costs, "2026-10-20")), (Expected{{"gb200", 1.90}, {"mi355x", 1.50}}));
  EXPECT_EQ(hardware_and_dollars(costs_in_force(costs, "2026-07-01")), (Expected{{"gb200", 1.90}, {"mi355x", 1.50}}))
    << "in force from its effective date";
  EXPECT_EQ(hardware_and_dollars(costs_in_force(costs, "2026-06-30")), (Expected{{"gb200", 2.21}}))
    << "a hardware with no figures yet is left out";
  EXPECT_TRUE(costs_in_force(costs, "2026-01-01").empty());
  EXPECT_TRUE(costs_in_force({}).empty());
}

}  // namespace
}  // namespace infertrack::domain
