#include "infertrack/store/postgres/community_tables.hpp"

#include <string>

namespace infertrack::store::postgres {
namespace {

// COALESCE: MIN and MAX of no rows are NULL, which EventWindow spells 0.
constexpr const char* k_count_events =
  "SELECT COUNT(*), COALESCE(MIN(at), 0), COALESCE(MAX(at), 0) FROM rate_limit_events "
  "WHERE rule = $1 AND key = $2 AND at >= $3";

EventWindow
count_events(Connection& db, std::string_view rule, std::string_view key, std::int64_t since)
{
  const Rows count = db.run(k_count_events, Params().add(rule).add(key).add(since));
  return EventWindow{count.int64(0, 0), count.int64(0, 1), count.int64(0, 2)};
}

// Returns the event's id, from an identity column: larger than the id of every event stored when it is recorded.
std::int64_t
insert_event(Connection& db, std::string_view rule, std::string_view key, std::int64_t at)
{
  return db.run("INSERT INTO rate_limit_events (rule, key, at) VALUES ($1, $2, $3) RETURNING id",
                Params().add(rule).add(key).add(at))
    .int64(0, 0);
}

}  // namespace

std::vector<RateLimitRule>
CommunityTables::rate_limit_rules()
{
  const Rows rows = m_pool.lease()->run("SELECT name, max_events, window_seconds FROM rate_limit_rules ORDER BY name");
  std::vector<RateLimitRule> rules;
  for (int row = 0; row < rows.size(); ++row) {
    rules.push_back(RateLimitRule{std::string(rows.text(row, 0)), rows.int64(row, 1), rows.int64(row, 2)});
  }
  return rules;
}

util::Result<void>
CommunityTables::set_rate_limit_rule(const RateLimitRule& rule)
{
  auto db = m_pool.lease();
  Transaction transaction(*db);
  // Only the rules a migration stored exist: a misspelt name must not create a rule nothing reads.
  if (db->run("SELECT 1 FROM rate_limit_rules WHERE name = $1 FOR UPDATE", Params().add(rule.name)).empty()) {
    return util::fail(rule.name, "name", "\"" + rule.name + "\" is not a known rate limit");
  }
  // A limit of 0 events or a window of 0 seconds would turn a feature off or lock it, by a slip.
  if (rule.max_events < 1) {
    return util::fail(rule.name, "max_events", "must be at least 1 (got " + std::to_string(rule.max_events) + ")");
  }
  if (rule.window_seconds < 1) {
    return util::fail(rule.name, "window_seconds",
                      "must be at least 1 (got " + std::to_string(rule.window_seconds) + ")");
  }
  db->run("UPDATE rate_limit_rules SET max_events = $1, window_seconds = $2 WHERE name = $3",
          Params().add(rule.max_events).add(rule.window_seconds).add(rule.name));
  transaction.commit();
  return {};
}

EventWindow
CommunityTables::events_since(std::string_view rule, std::string_view key, std::int64_t since)
{
  return count_events(*m_pool.lease(), rule, key, since);
}

void
CommunityTables::add_event(std::string_view rule, std::string_view key, std::int64_t at)
{
  insert_event(*m_pool.lease(), rule, key, at);
}

CommunityStore::Take
CommunityTables::take_event_if(std::string_view rule, std::string_view key, std::int64_t since, std::int64_t at,
                               const std::function<bool(const EventWindow&)>& allowed)
{
  auto db = m_pool.lease();
  Transaction transaction(*db);
  // One lock per rule and key, held to the commit: another instance cannot count the same free slot in between.
  // Unit separator between the two, so ("a", "bc") and ("ab", "c") lock apart.
  db->run("SELECT pg_advisory_xact_lock(hashtext($1::text || chr(31) || $2::text))", Params().add(rule).add(key));
  Take take;
  take.before = count_events(*db, rule, key, since);
  if (allowed(take.before)) {
    take.event = insert_event(*db, rule, key, at);
    take.taken = true;
  }
  transaction.commit();
  return take;
}

void
CommunityTables::remove_event(std::int64_t event)
{
  change("DELETE FROM rate_limit_events WHERE id = $1", Params().add(event));
}

void
CommunityTables::clear_events_through(std::string_view rule, std::string_view key, std::int64_t event)
{
  change("DELETE FROM rate_limit_events WHERE rule = $1 AND key = $2 AND id <= $3",
         Params().add(rule).add(key).add(event));
}

void
CommunityTables::clear_events(std::string_view rule, std::string_view key)
{
  change("DELETE FROM rate_limit_events WHERE rule = $1 AND key = $2", Params().add(rule).add(key));
}

std::int64_t
CommunityTables::prune_events(std::int64_t before)
{
  // A scan of the whole table: it holds only the events of the longest window, and pruning is occasional.
  return change("DELETE FROM rate_limit_events WHERE at < $1", Params().add(before));
}

}  // namespace infertrack::store::postgres
