#include "infertrack/app/community/rate_limits.hpp"

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

Outcome<std::int64_t>
take_rate_limited(store::CommunityStore& store, std::string_view name, std::string_view key, std::int64_t now,
                  std::string_view refusal_message)
{
  const auto rule = rate_limit_rule(store, name);
  const auto take = store.take_event(rule.name, key, now - rule.window_seconds, now, rule.max_events);
  if (!take.taken) {
    return refuse(RefusalKind::rate_limited, "", std::string(refusal_message),
                  std::max<std::int64_t>(1, take.before.oldest_at + rule.window_seconds - now));
  }
  return take.event;
}

Outcome<void>
set_rate_limit(store::CommunityStore& store, const store::RateLimitRule& rule, std::string_view actor,
               std::int64_t now)
{
  const auto out_of_bounds = [](std::string_view field, std::int64_t value, std::int64_t high) {
    return refuse(RefusalKind::invalid, std::string(field),
                  "expected 1 to " + std::to_string(high) + " (got " + std::to_string(value) + ")");
  };
  if (rule.max_events < 1 || rule.max_events > k_max_rule_events) {
    return out_of_bounds("max_events", rule.max_events, k_max_rule_events);
  }
  if (rule.window_seconds < 1 || rule.window_seconds > k_max_rule_window_seconds) {
    return out_of_bounds("window_seconds", rule.window_seconds, k_max_rule_window_seconds);
  }
  if (auto set = store.set_rate_limit_rule(rule); !set) {
    return refuse(RefusalKind::invalid, set.error().field, set.error().message);
  }
  // Limits protect accounts, so changing one is recorded like the other admin actions.
  store.add_audit(store::AuditEntry{0, now, std::nullopt, std::string(actor), "set_rate_limit", "rule:" + rule.name,
                                    std::to_string(rule.max_events) + " per " + std::to_string(rule.window_seconds) +
                                      " s"});
  return {};
}

}  // namespace infertrack::app
