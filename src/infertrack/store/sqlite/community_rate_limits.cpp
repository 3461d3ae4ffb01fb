#include "infertrack/store/sqlite/community_tables.hpp"

#include <sqlite3.h>

#include <string>

namespace infertrack::store::sqlite {
namespace {

// COALESCE: MIN and MAX of no rows are NULL, which EventWindow spells 0.
constexpr const char* k_count_events =
  "SELECT COUNT(*), COALESCE(MIN(at), 0), COALESCE(MAX(at), 0) FROM rate_limit_events "
  "WHERE rule = ? AND key = ? AND at >= ?";

EventWindow
count_events(Connection& db, std::string_view rule, std::string_view key, std::int64_t since)
{
  Statement count(db, k_count_events);
  count.bind(1, rule);
  count.bind(2, key);
  count.bind(3, since);
  count.step();
  return EventWindow{count.column_int64(0), count.column_int64(1), count.column_int64(2)};
}

// Returns the event's id, its rowid: larger than the id of every event stored when it is recorded.
std::int64_t
insert_event(Connection& db, std::string_view rule, std::string_view key, std::int64_t at)
{
  Statement insert(db, "INSERT INTO rate_limit_events (rule, key, at) VALUES (?, ?, ?)");
  insert.bind(1, rule);
  insert.bind(2, key);
  insert.bind(3, at);
  insert.step();
  return sqlite3_last_insert_rowid(db.handle());
}

}  // namespace

std::vector<RateLimitRule>
CommunityTables::rate_limit_rules()
{
  std::lock_guard lock(m_read_mutex);
  Statement select(reader(), "SELECT name, max_events, window_seconds FROM rate_limit_rules ORDER BY name");
  std::vector<RateLimitRule> rules;
  while (select.step()) {
    rules.push_back(RateLimitRule{std::string(select.column_text(0)), select.column_int64(1),
                                  select.column_int64(2)});
  }
  return rules;
}

util::Result<void>
CommunityTables::set_rate_limit_rule(const RateLimitRule& rule)
{
  const WriteTurn turn(*this);
  // Only the rules a migration stored exist: a misspelt name must not create a rule nothing reads.
  {
    Statement known(db(), "SELECT 1 FROM rate_limit_rules WHERE name = ?");
    known.bind(1, std::string_view(rule.name));
    if (!known.step()) {
      return util::fail(rule.name, "name", "\"" + rule.name + "\" is not a known rate limit");
    }
  }
  // A limit of 0 events or a window of 0 seconds would turn a feature off or lock it, by a slip.
  if (rule.max_events < 1) {
    return util::fail(rule.name, "max_events",
                      "must be at least 1 (got " + std::to_string(rule.max_events) + ")");
  }
  if (rule.window_seconds < 1) {
    return util::fail(rule.name, "window_seconds",
                      "must be at least 1 (got " + std::to_string(rule.window_seconds) + ")");
  }
  Statement update(db(), "UPDATE rate_limit_rules SET max_events = ?, window_seconds = ? WHERE name = ?");
  update.bind(1, rule.max_events);
  update.bind(2, rule.window_seconds);
  update.bind(3, std::string_view(rule.name));
  update.step();
  return {};
}

EventWindow
CommunityTables::events_since(std::string_view rule, std::string_view key, std::int64_t since)
{
  std::lock_guard lock(m_read_mutex);
  return count_events(reader(), rule, key, since);
}

void
CommunityTables::add_event(std::string_view rule, std::string_view key, std::int64_t at)
{
  const WriteTurn turn(*this);
  insert_event(db(), rule, key, at);
}

CommunityStore::Take
CommunityTables::take_event_if(std::string_view rule, std::string_view key, std::int64_t since, std::int64_t at,
                               const std::function<bool(const EventWindow&)>& allowed)
{
  const WriteTurn turn(*this);
  // The write lock from the start: another connection cannot count the same free slot in between.
  Transaction transaction(db(), TransactionMode::write);
  Take take;
  take.before = count_events(db(), rule, key, since);
  if (allowed(take.before)) {
    take.event = insert_event(db(), rule, key, at);
    take.taken = true;
  }
  transaction.commit();
  return take;
}

void
CommunityTables::remove_event(std::int64_t event)
{
  change("DELETE FROM rate_limit_events WHERE rowid = ?", [&](Statement& remove) { remove.bind(1, event); });
}

void
CommunityTables::clear_events_through(std::string_view rule, std::string_view key, std::int64_t event)
{
  change("DELETE FROM rate_limit_events WHERE rule = ? AND key = ? AND rowid <= ?", [&](Statement& remove) {
    remove.bind(1, rule);
    remove.bind(2, key);
    remove.bind(3, event);
  });
}

void
CommunityTables::clear_events(std::string_view rule, std::string_view key)
{
  change("DELETE FROM rate_limit_events WHERE rule = ? AND key = ?", [&](Statement& remove) {
    remove.bind(1, rule);
    remove.bind(2, key);
  });
}

std::int64_t
CommunityTables::prune_events(std::int64_t before)
{
  // A scan of the whole table: it holds only the events of the longest window, and pruning is occasional.
  return change("DELETE FROM rate_limit_events WHERE at < ?",
                [&](Statement& remove) { remove.bind(1, before); });
}

}  // namespace infertrack::store::sqlite
