#pragma once

#include "infertrack/domain/history.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

namespace infertrack::test {

// Two factors the same to the last bit (the bound only where there is a factor).
inline void
expect_same_factor(const std::optional<domain::ImprovementFactor>& actual,
                   const std::optional<domain::ImprovementFactor>& expected)
{
  ASSERT_EQ(actual.has_value(), expected.has_value());
  if (!actual) {
    return;
  }
  EXPECT_EQ(actual->from_date, expected->from_date);
  EXPECT_EQ(actual->to_date, expected->to_date);
  EXPECT_EQ(actual->from_state, expected->from_state);
  EXPECT_EQ(actual->to_state, expected->to_state);
  EXPECT_EQ(actual->factor, expected->factor); // to the last bit
  if (expected->factor) {
    EXPECT_EQ(actual->bound, expected->bound);
  }
}

// Two histories the same series by series and run by run, values to the last bit.
inline void
expect_same_history(const std::vector<domain::HistorySeries>& actual,
                    const std::vector<domain::HistorySeries>& expected)
{
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t s = 0; s < actual.size(); ++s) {
    const domain::HistorySeries& got = actual[s];
    const domain::HistorySeries& want = expected[s];
    SCOPED_TRACE(want.configuration.label());
    EXPECT_EQ(got.configuration, want.configuration);
    EXPECT_EQ(got.basis, want.basis);
    EXPECT_EQ(got.metric, want.metric);
    ASSERT_EQ(got.points.size(), want.points.size());
    for (std::size_t p = 0; p < got.points.size(); ++p) {
      const domain::HistoryPoint& a = got.points[p];
      const domain::HistoryPoint& b = want.points[p];
      SCOPED_TRACE(b.date);
      EXPECT_EQ(a.date, b.date);
      EXPECT_EQ(a.days_since_launch, b.days_since_launch);
      EXPECT_EQ(a.value.state, b.value.state);
      EXPECT_EQ(a.value.throughput, b.value.throughput); // to the last bit
      EXPECT_EQ(a.value.lower_result_id, b.value.lower_result_id);
      EXPECT_EQ(a.value.upper_result_id, b.value.upper_result_id);
      EXPECT_EQ(a.lower, b.lower);
      EXPECT_EQ(a.upper, b.upper);
      EXPECT_EQ(a.slowest_interactivity, b.slowest_interactivity);
      EXPECT_EQ(a.fastest_interactivity, b.fastest_interactivity);
      EXPECT_EQ(a.frontier_size, b.frontier_size);
      EXPECT_EQ(a.run_url, b.run_url);
      expect_same_factor(a.since_first, b.since_first);
    }
  }
}

}  // namespace infertrack::test
