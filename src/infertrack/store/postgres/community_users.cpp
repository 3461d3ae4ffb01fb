#include "infertrack/store/postgres/community_tables.hpp"

#include "infertrack/store/store.hpp"

namespace infertrack::store::postgres {
namespace {

constexpr const char* k_user_columns =
  "SELECT id, display_name, email, password_hash, admin, deleted, created_at FROM users";

constexpr std::string_view k_unique_violation = "23505";

UserRecord
read_user(const Rows& rows, int row)
{
  return UserRecord{rows.int64(row, 0),
                    std::string(rows.text(row, 1)),
                    std::string(rows.text(row, 2)),
                    std::string(rows.text(row, 3)),
                    rows.int64(row, 4) != 0,
                    rows.int64(row, 5) != 0,
                    rows.int64(row, 6)};
}

std::optional<UserRecord>
read_one_user(const Rows& rows)
{
  if (rows.empty()) {
    return std::nullopt;
  }
  return read_user(rows, 0);
}

// The refusal for a unique violation on users, told apart by the index its first line names (the values are in
// the lines after it, and could spell anything).
tl::unexpected<util::Diagnostic>
taken(const StatementFailure& failure)
{
  const std::string_view first_line = std::string_view(failure.message).substr(0, failure.message.find('\n'));
  if (first_line.find("users_by_live_display_name") != std::string_view::npos) {
    return util::fail("account", "display_name", "another account has this display name; choose another");
  }
  return util::fail("account", "email", "an account with this email exists already");
}

// Any other failure of the insert, thrown as Connection::run throws it: a deadlock or a serialization failure is
// worth a retry, so it is StoreBusy.
[[noreturn]] void
throw_failure(const Connection& db, const StatementFailure& failure)
{
  const std::string message = "a statement failed on " + db.name() + ": " + failure.message;
  if (failure.sqlstate == "40001" || failure.sqlstate == "40P01" || failure.sqlstate == "55P03") {
    throw StoreBusy(message);
  }
  throw StoreError(message);
}

// The sessions a sign-up opens and ends, in its transaction on `db`.
void
store_sign_up_session(Connection& db, UserId id, std::int64_t created_at, const SignUpSession& session)
{
  if (!session.ends_token_hash.empty()) {
    db.run("DELETE FROM sessions WHERE token_hash = $1", Params().add(session.ends_token_hash));
  }
  if (!session.token_hash.empty()) {
    db.run("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4)",
           Params().add(session.token_hash).add(id).add(created_at).add(created_at));
  }
  if (!session.device_token_hash.empty()) {
    db.run("INSERT INTO trusted_devices (token_hash, user_id, last_used_at) VALUES ($1, $2, $3)",
           Params().add(session.device_token_hash).add(id).add(created_at));
  }
}

}  // namespace

util::Result<UserId>
CommunityTables::add_user(const NewUser& user, const SignUpSession& session)
{
  auto db = m_pool.lease();
  Transaction transaction(*db);
  // The partial unique indexes are the check, so two sign-ups racing for one address or name cannot both win; the
  // insert is the transaction's first statement, so its failure leaves nothing to undo but the transaction.
  std::optional<StatementFailure> failure;
  const Rows inserted =
    db->try_run("INSERT INTO users (display_name, email, password_hash, admin, deleted, created_at) "
                "VALUES ($1, $2, $3, $4, 0, $5) RETURNING id",
                Params().add(user.display_name).add(user.email).add(user.password_hash).add(user.admin).add(
                  user.created_at),
                failure);
  if (failure && failure->sqlstate == k_unique_violation) {
    return taken(*failure);
  }
  if (failure) {
    throw_failure(*db, *failure);
  }
  const UserId id = inserted.int64(0, 0);
  store_sign_up_session(*db, id, user.created_at, session);
  transaction.commit();
  return id;
}

std::optional<UserRecord>
CommunityTables::user(UserId id)
{
  return read_one_user(m_pool.lease()->run(std::string(k_user_columns) + " WHERE id = $1", Params().add(id)));
}

std::optional<UserRecord>
CommunityTables::user_by_email(std::string_view email)
{
  return read_one_user(
    m_pool.lease()->run(std::string(k_user_columns) + " WHERE email = $1 AND deleted = 0", Params().add(email)));
}

std::vector<UserRecord>
CommunityTables::users()
{
  const Rows rows = m_pool.lease()->run(std::string(k_user_columns) + " ORDER BY id");
  std::vector<UserRecord> found;
  found.reserve(static_cast<std::size_t>(rows.size()));
  for (int row = 0; row < rows.size(); ++row) {
    found.push_back(read_user(rows, row));
  }
  return found;
}

bool
CommunityTables::set_password_hash(UserId id, std::string_view password_hash)
{
  return change("UPDATE users SET password_hash = $1 WHERE id = $2 AND deleted = 0",
                Params().add(password_hash).add(id)) > 0;
}

bool
CommunityTables::set_admin(UserId id, bool admin)
{
  return change("UPDATE users SET admin = $1 WHERE id = $2 AND deleted = 0", Params().add(admin).add(id)) > 0;
}

bool
CommunityTables::delete_user(UserId id)
{
  auto db = m_pool.lease();
  Transaction transaction(*db);
  // Admin rights go too: a deleted account holds none, and the admin listing stays truthful.
  const Rows blanked = db->run("UPDATE users SET display_name = '', email = '', password_hash = '', admin = 0, "
                               "deleted = 1 WHERE id = $1 AND deleted = 0",
                               Params().add(id));
  if (blanked.affected() == 0) {
    return false;
  }
  db->run("DELETE FROM sessions WHERE user_id = $1", Params().add(id));
  db->run("DELETE FROM trusted_devices WHERE user_id = $1", Params().add(id));
  transaction.commit();
  return true;
}

}  // namespace infertrack::store::postgres
