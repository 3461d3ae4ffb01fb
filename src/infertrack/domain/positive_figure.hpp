#pragma once

#include "infertrack/util/result.hpp"

#include <fmt/core.h>

#include <cmath>

// The check every figure a plan multiplies by passes (demand, prices, power, budgets): shared by the forward
// planner and its inverse questions, so that both refuse a figure alike.
namespace infertrack::domain {

inline bool
positive_finite(double value)
{
  return std::isfinite(value) && value > 0;
}

// Refuses `value` unless positive and finite, naming `field`.
inline util::Result<void>
check_positive(const char* field, double value)
{
  if (!positive_finite(value)) {
    return util::fail("", field, fmt::format("must be > 0 and finite (got {})", value));
  }
  return {};
}

}  // namespace infertrack::domain
