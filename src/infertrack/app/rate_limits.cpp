#include "infertrack/app/rate_limits.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace infertrack::app {

store::RateLimitRule
rate_limit_rule(store::CommunityStore& store, std::string_view name)
{
  for (auto& rule : store.rate_limit_rules()) {
    if (rule.name == name) {
      return rule;
    }
  }
  return store::RateLimitRule{std::string(name), std::numeric_limits<std::int64_t>::max(), 1};
}

Outcome<void>
take_rate_limited(store::CommunityStore& store, std::string_view name, std::string_view key, std::int64_t now,
                  std::string_view refusal_message)
{
  const auto rule = rate_limit_rule(store, name);
  const auto take = store.take_event(rule.name, key, now - rule.window_seconds, now, rule.max_events);
  if (!take.taken) {
    return refuse(RefusalKind::rate_limited, "", std::string(refusal_message),
                  std::max<std::int64_t>(1, take.before.oldest_at + rule.window_seconds - now));
  }
  return {};
}

}  // namespace infertrack::app
