#pragma once

#include <cstdint>

namespace infertrack::domain {

// Failed sign-ins seen for one account or one client address within a limit's window.
struct FailureHistory
{
  std::int64_t failures = 0;          // within the window
  std::int64_t last_failure_at = 0;   // unix seconds; meaningless when failures == 0
  std::int64_t oldest_failure_at = 0; // unix seconds; meaningless when failures == 0
};

// The sign-in limit for one key (account or address).
struct SignInLimit
{
  std::int64_t max_failures = 20;
  std::int64_t window_seconds = 15 * 60;
  // From this many failures on, each further attempt waits 2^(failures - backoff_after) seconds after the
  // last failure, capped at max_backoff_seconds. Set to max_failures for no backoff.
  std::int64_t backoff_after = 5;
  std::int64_t max_backoff_seconds = 60;
};

// Whether a sign-in attempt may check a password now, or after how many seconds.
struct ThrottleDecision
{
  bool allowed = true;
  std::int64_t retry_after_seconds = 0;

  bool operator==(const ThrottleDecision&) const = default;
};

// At `limit.max_failures` failures no attempt is allowed until the oldest failure leaves the window;
// between backoff_after and max_failures an attempt must wait out the backoff; otherwise it is allowed.
ThrottleDecision decide_sign_in(const FailureHistory& history, const SignInLimit& limit, std::int64_t now);

}  // namespace infertrack::domain
