#pragma once

#include "infertrack/domain/hardware_cost.hpp"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace infertrack::domain {

// What a throughput means in money and energy on given hardware (DOMAIN.md section 6). Always derived from
// a (possibly interpolated) throughput: a cost is never splined on its own.
struct Efficiency
{
  double cost_per_million_tokens = 0; // US dollars
  double tokens_per_s_per_mw = 0;
  double joules_per_token = 0;
};

// `tps_per_gpu` > 0 tok/s/GPU on hardware costing `cost` per GPU.
Efficiency efficiency_of(double tps_per_gpu, const HardwareCost& cost);

// The entry of `hardware` in force on `as_of` (the latest effective on or before it; empty: the latest of
// all), or none when the hardware has no cost entry.
std::optional<HardwareCost> cost_in_force(std::span<const HardwareCost> costs,
                                          std::string_view hardware,
                                          std::optional<std::string_view> as_of = std::nullopt);

// cost_in_force of every hardware that has one on `as_of`, by hardware key.
std::vector<HardwareCost> costs_in_force(std::span<const HardwareCost> costs,
                                         std::optional<std::string_view> as_of = std::nullopt);

}  // namespace infertrack::domain
