#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <compare>
#include <string>

namespace infertrack::domain {

// The points that form one curve: one configuration measured in one run (dated by `date`).
struct ConfigGroupKey
{
  std::string model;
  std::string hardware;
  std::string framework;
  std::string precision;
  std::string spec_method;
  bool disaggregated = false;
  std::string workload;
  std::string date;

  auto operator<=>(const ConfigGroupKey&) const = default;

  // The same configuration on another date (history compares these).
  ConfigGroupKey without_date() const
  {
    ConfigGroupKey key = *this;
    key.date.clear();
    return key;
  }

  // "DeepSeek-V4-Pro gb200 dynamo-vllm fp4 draft_model disagg agentic 2026-10-14" (date left out when empty).
  std::string label() const;
};

ConfigGroupKey config_group_of(const BenchmarkPoint& point);

}  // namespace infertrack::domain
