#include "infertrack/store/postgres/community_tables.hpp"

#include <algorithm>
#include <string>

namespace infertrack::store::postgres {

void
CommunityTables::add_audit(const AuditEntry& entry)
{
  change("INSERT INTO audit_log (at, actor_id, actor, action, target, detail) VALUES ($1, $2, $3, $4, $5, $6)",
         Params().add(entry.at).add(entry.actor_id).add(entry.actor).add(entry.action).add(entry.target).add(
           entry.detail));
}

std::vector<AuditEntry>
CommunityTables::audit_log(std::int64_t limit)
{
  // PostgreSQL refuses a negative LIMIT.
  const Rows rows = m_pool.lease()->run("SELECT id, at, actor_id, actor, action, target, detail FROM audit_log "
                                        "ORDER BY id DESC LIMIT $1",
                                        Params().add(std::max<std::int64_t>(limit, 0)));
  std::vector<AuditEntry> entries;
  for (int row = 0; row < rows.size(); ++row) {
    entries.push_back(AuditEntry{rows.int64(row, 0), rows.int64(row, 1), rows.optional_int64(row, 2),
                                 std::string(rows.text(row, 3)), std::string(rows.text(row, 4)),
                                 std::string(rows.text(row, 5)), std::string(rows.text(row, 6))});
  }
  return entries;
}

}  // namespace infertrack::store::postgres
