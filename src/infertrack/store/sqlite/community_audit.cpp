#include "infertrack/store/sqlite/community_tables.hpp"

#include <algorithm>
#include <string>

namespace infertrack::store::sqlite {

void
CommunityTables::add_audit(const AuditEntry& entry)
{
  const WriteTurn turn(*this);
  insert_audit(entry);
}

void
CommunityTables::insert_audit(const AuditEntry& entry)
{
  Statement insert(db(), "INSERT INTO audit_log (at, actor_id, actor, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)");
  insert.bind(1, entry.at);
  if (entry.actor_id) {
    insert.bind(2, *entry.actor_id);
  }
  insert.bind(3, std::string_view(entry.actor));
  insert.bind(4, std::string_view(entry.action));
  insert.bind(5, std::string_view(entry.target));
  insert.bind(6, std::string_view(entry.detail));
  insert.step();
}

std::vector<AuditEntry>
CommunityTables::audit_log(std::int64_t limit)
{
  std::lock_guard lock(m_read_mutex);
  Statement select(reader(), "SELECT id, at, actor_id, actor, action, target, detail FROM audit_log "
                         "ORDER BY id DESC LIMIT ?");
  // A negative LIMIT means "no limit" to SQLite.
  select.bind(1, std::max<std::int64_t>(limit, 0));
  std::vector<AuditEntry> entries;
  while (select.step()) {
    AuditEntry& entry = entries.emplace_back();
    entry.id = select.column_int64(0);
    entry.at = select.column_int64(1);
    if (!select.is_null(2)) {
      entry.actor_id = select.column_int64(2);
    }
    entry.actor = std::string(select.column_text(3));
    entry.action = std::string(select.column_text(4));
    entry.target = std::string(select.column_text(5));
    entry.detail = std::string(select.column_text(6));
  }
  return entries;
}

}  // namespace infertrack::store::sqlite
