#include "infertrack/domain/sign_in_throttle.hpp"

#include <gtest/gtest.h>

namespace infertrack::domain {
namespace {

constexpr std::int64_t k_now = 1'700'000'000;
const SignInLimit k_limit{};  // 20 failures in 15 minutes, backoff from 5, capped at 60 s
constexpr ThrottleDecision k_allowed{true, 0};

FailureHistory
failures_at(std::int64_t failures, std::int64_t last, std::int64_t oldest)
{
  return {failures, last, oldest};
}

TEST(decide_sign_in, allows_attempts_below_backoff_after)
{
  EXPECT_EQ(decide_sign_in({}, k_limit, k_now), k_allowed);
  for (std::int64_t failures = 1; failures < k_limit.backoff_after; ++failures) {
    EXPECT_EQ(decide_sign_in(failures_at(failures, k_now, k_now - 10), k_limit, k_now), k_allowed) << failures;
  }
}

TEST(decide_sign_in, backs_off_1_2_4_seconds_capped_at_60)
{
  const std::int64_t expected[] = {1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60, 60, 60, 60};
  for (std::int64_t failures = 5; failures < 20; ++failures) {
    const auto decision = decide_sign_in(failures_at(failures, k_now, k_now - 100), k_limit, k_now);
    EXPECT_EQ(decision, (ThrottleDecision{false, expected[failures - 5]})) << failures;
  }
}

TEST(decide_sign_in, counts_the_backoff_from_the_last_failure)
{
  // Six failures wait 2 s: 1 s after the last one, 1 s remains; at 2 s the attempt is allowed.
  EXPECT_EQ(decide_sign_in(failures_at(6, k_now - 1, k_now - 50), k_limit, k_now), (ThrottleDecision{false, 1}));
  EXPECT_EQ(decide_sign_in(failures_at(6, k_now - 2, k_now - 50), k_limit, k_now), k_allowed);
  EXPECT_EQ(decide_sign_in(failures_at(12, k_now - 45, k_now - 50), k_limit, k_now),
            (ThrottleDecision{false, 15}));
  EXPECT_EQ(decide_sign_in(failures_at(12, k_now - 60, k_now - 70), k_limit, k_now), k_allowed);
}

TEST(decide_sign_in, refuses_at_max_until_the_oldest_failure_leaves_the_window)
{
  const std::int64_t oldest = k_now - 600;  // 300 s of the 900 s window remain
  EXPECT_EQ(decide_sign_in(failures_at(20, k_now - 120, oldest), k_limit, k_now),
            (ThrottleDecision{false, 300}));
  EXPECT_EQ(decide_sign_in(failures_at(25, k_now - 120, oldest), k_limit, k_now),
            (ThrottleDecision{false, 300}));
  EXPECT_EQ(decide_sign_in(failures_at(20, k_now - 120, oldest), k_limit, k_now + 299),
            (ThrottleDecision{false, 1}));
  // Once the oldest has left, only the (capped) backoff after the last failure remains, long past here.
  EXPECT_EQ(decide_sign_in(failures_at(20, k_now - 120, oldest), k_limit, k_now + 300), k_allowed);
  EXPECT_EQ(decide_sign_in(failures_at(20, k_now + 290, oldest), k_limit, k_now + 300),
            (ThrottleDecision{false, 50}));
}

TEST(decide_sign_in, without_backoff_only_the_maximum_applies)
{
  SignInLimit limit;
  limit.max_failures = 3;
  limit.backoff_after = 3;
  limit.window_seconds = 60;
  EXPECT_EQ(decide_sign_in(failures_at(2, k_now, k_now), limit, k_now), k_allowed);
  EXPECT_EQ(decide_sign_in(failures_at(3, k_now, k_now - 10), limit, k_now), (ThrottleDecision{false, 50}));
}

TEST(decide_sign_in, does_not_overflow_on_huge_counts)
{
  SignInLimit limit;
  limit.max_failures = 1'000'000;
  EXPECT_EQ(decide_sign_in(failures_at(500'000, k_now, k_now - 10), limit, k_now), (ThrottleDecision{false, 60}));
}

}  // namespace
}  // namespace infertrack::domain
