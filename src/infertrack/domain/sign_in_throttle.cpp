#include "infertrack/domain/sign_in_throttle.hpp"

#include <algorithm>

namespace infertrack::domain {
namespace {

// 2^62 seconds already exceeds any sensible cap; larger exponents would overflow the shift.
constexpr std::int64_t k_max_backoff_exponent = 62;

std::int64_t
backoff_seconds(std::int64_t failures, const SignInLimit& limit)
{
  const std::int64_t exponent = failures - limit.backoff_after;
  if (exponent >= k_max_backoff_exponent) {
    return limit.max_backoff_seconds;
  }
  return std::min(std::int64_t{1} << exponent, limit.max_backoff_seconds);
}

}  // namespace

ThrottleDecision
decide_sign_in(const FailureHistory& history, const SignInLimit& limit, std::int64_t now)
{
  if (history.failures >= limit.max_failures) {
    const std::int64_t wait = history.oldest_failure_at + limit.window_seconds - now;
    if (wait > 0) {
      return {false, wait};
    }
    // The oldest failure has already left the window, so the count is stale: fall back on the backoff.
  }
  if (history.failures >= limit.backoff_after) {
    const std::int64_t wait = history.last_failure_at + backoff_seconds(history.failures, limit) - now;
    if (wait > 0) {
      return {false, wait};
    }
  }
  return {true, 0};
}

}  // namespace infertrack::domain
