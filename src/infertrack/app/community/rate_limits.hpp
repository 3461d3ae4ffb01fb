#pragma once

#include "infertrack/app/community/community_outcome.hpp"
#include "infertrack/store/community_store.hpp"

#include <string_view>

namespace infertrack::app {

// The rule stored under `name`; a rule missing from the database means no limit.
store::RateLimitRule rate_limit_rule(store::CommunityStore& store, std::string_view name);

// Counts one event of rule `name` for `key` at `now` and gives its id (to remove should the action be refused after
// all), or refuses (rate_limited, with the seconds until the oldest counted event leaves the window) when the rule's
// limit is reached.
Outcome<std::int64_t> take_rate_limited(store::CommunityStore& store, std::string_view name, std::string_view key,
                                std::int64_t now, std::string_view refusal_message);

// Changes a stored rule after checking its bounds (1 to k_max_rule_events events, 1 s to k_max_rule_window_seconds),
// and records the change in the audit log as done by `actor`. Refusals name the field: "name" for a rule the
// database does not know, "max_events" or "window_seconds" for a value out of bounds.
inline constexpr std::int64_t k_max_rule_events = 1'000'000'000;
inline constexpr std::int64_t k_max_rule_window_seconds = 366 * 24 * 3600;
Outcome<void> set_rate_limit(store::CommunityStore& store, const store::RateLimitRule& rule, std::string_view actor,
                             std::int64_t now);

}  // namespace infertrack::app
