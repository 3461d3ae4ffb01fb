#pragma once

#include "infertrack/app/community_outcome.hpp"
#include "infertrack/store/community_store.hpp"

#include <string_view>

namespace infertrack::app {

// The rule stored under `name`; a rule missing from the database means no limit.
store::RateLimitRule rate_limit_rule(store::CommunityStore& store, std::string_view name);

// Counts one event of rule `name` for `key` at `now`, or refuses (rate_limited, with the seconds until the
// oldest counted event leaves the window) when the rule's limit is reached.
Outcome<void> take_rate_limited(store::CommunityStore& store, std::string_view name, std::string_view key,
                                std::int64_t now, std::string_view refusal_message);

}  // namespace infertrack::app
