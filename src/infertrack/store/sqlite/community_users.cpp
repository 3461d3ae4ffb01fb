#include "infertrack/store/sqlite/community_tables.hpp"

#include <sqlite3.h>

namespace infertrack::store::sqlite {
namespace {

constexpr const char* k_user_columns =
  "SELECT id, display_name, email, password_hash, admin, deleted, created_at FROM users";

UserRecord
read_user(const Statement& row)
{
  return UserRecord{row.column_int64(0),
                    std::string(row.column_text(1)),
                    std::string(row.column_text(2)),
                    std::string(row.column_text(3)),
                    row.column_int64(4) != 0,
                    row.column_int64(5) != 0,
                    row.column_int64(6)};
}

std::optional<UserRecord>
read_one_user(Statement& statement)
{
  if (!statement.step()) {
    return std::nullopt;
  }
  return read_user(statement);
}

}  // namespace

util::Result<UserId>
CommunityTables::add_user(const NewUser& user, const SignUpSession& session)
{
  const WriteTurn turn(*this);
  Transaction transaction(db(), TransactionMode::write);
  Statement insert(db(), "INSERT INTO users (display_name, email, password_hash, admin, deleted, created_at) "
                         "VALUES (?, ?, ?, ?, 0, ?) RETURNING id");
  insert.bind(1, std::string_view(user.display_name));
  insert.bind(2, std::string_view(user.email));
  insert.bind(3, std::string_view(user.password_hash));
  insert.bind(4, std::int64_t{user.admin ? 1 : 0});
  insert.bind(5, user.created_at);
  // The partial unique indexes are the check, so two sign-ups racing for one address or name cannot both win.
  const int rc = insert.try_step();
  if (rc == SQLITE_CONSTRAINT_UNIQUE) {
    if (std::string_view(sqlite3_errmsg(db().handle())).find("display_name") != std::string_view::npos) {
      return util::fail("account", "display_name", "another account has this display name; choose another");
    }
    return util::fail("account", "email", "an account with this email exists already");
  }
  if (rc != SQLITE_ROW) {
    db().fail(rc, "INSERT INTO users");
  }
  const UserId id = insert.column_int64(0);
  // RETURNING hands the row over before the insert is final; the statement must run to its end.
  insert.step();
  if (!session.ends_token_hash.empty()) {
    Statement end(db(), "DELETE FROM sessions WHERE token_hash = ?");
    end.bind(1, session.ends_token_hash);
    end.step();
  }
  if (!session.token_hash.empty()) {
    Statement open(db(), "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)");
    open.bind(1, session.token_hash);
    open.bind(2, id);
    open.bind(3, user.created_at);
    open.bind(4, user.created_at);
    open.step();
  }
  if (!session.device_token_hash.empty()) {
    Statement trust(db(), "INSERT INTO trusted_devices (token_hash, user_id, last_used_at) VALUES (?, ?, ?)");
    trust.bind(1, session.device_token_hash);
    trust.bind(2, id);
    trust.bind(3, user.created_at);
    trust.step();
  }
  transaction.commit();
  return id;
}

std::optional<UserRecord>
CommunityTables::user(UserId id)
{
  std::lock_guard lock(m_read_mutex);
  Statement select(reader(), std::string(k_user_columns) + " WHERE id = ?");
  select.bind(1, id);
  return read_one_user(select);
}

std::optional<UserRecord>
CommunityTables::user_by_email(std::string_view email)
{
  std::lock_guard lock(m_read_mutex);
  Statement select(reader(), std::string(k_user_columns) + " WHERE email = ? AND deleted = 0");
  select.bind(1, email);
  return read_one_user(select);
}

std::vector<UserRecord>
CommunityTables::users()
{
  std::lock_guard lock(m_read_mutex);
  Statement select(reader(), std::string(k_user_columns) + " ORDER BY id");
  std::vector<UserRecord> found;
  while (select.step()) {
    found.push_back(read_user(select));
  }
  return found;
}

bool
CommunityTables::set_password_hash(UserId id, std::string_view password_hash)
{
  return change("UPDATE users SET password_hash = ? WHERE id = ? AND deleted = 0",
                [&](Statement& update) {
                  update.bind(1, password_hash);
                  update.bind(2, id);
                }) > 0;
}

bool
CommunityTables::set_admin(UserId id, bool admin)
{
  return change("UPDATE users SET admin = ? WHERE id = ? AND deleted = 0",
                [&](Statement& update) {
                  update.bind(1, std::int64_t{admin ? 1 : 0});
                  update.bind(2, id);
                }) > 0;
}

bool
CommunityTables::delete_user(UserId id)
{
  const WriteTurn turn(*this);
  Transaction transaction(db(), TransactionMode::write);
  {
    // Admin rights go too: a deleted account holds none, and the admin listing stays truthful.
    Statement blank(db(), "UPDATE users SET display_name = '', email = '', password_hash = '', admin = 0, "
                          "deleted = 1 WHERE id = ? AND deleted = 0");
    blank.bind(1, id);
    blank.step();
    if (db().changes() == 0) {
      return false;
    }
  }
  {
    Statement end_sessions(db(), "DELETE FROM sessions WHERE user_id = ?");
    end_sessions.bind(1, id);
    end_sessions.step();
  }
  {
    Statement forget_devices(db(), "DELETE FROM trusted_devices WHERE user_id = ?");
    forget_devices.bind(1, id);
    forget_devices.step();
  }
  transaction.commit();
  return true;
}

}  // namespace infertrack::store::sqlite
