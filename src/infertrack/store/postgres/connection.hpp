#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct pg_conn;
struct pg_result;

namespace infertrack::store::postgres {

// The parameters of one statement ($1, $2, ...), sent as text: libpq's text format reads back exactly what it
// was given, and doubles travel in their shortest round-trip form.
class Params
{
public:
  Params& add(std::string_view value); // throws StoreError for text holding a NUL, which PostgreSQL cannot store
  Params& add(const char* value) { return add(std::string_view(value)); }
  Params& add(std::int64_t value);
  Params& add(int value) { return add(std::int64_t{value}); }
  Params& add(double value);
  Params& add(bool value) { return add(std::int64_t{value ? 1 : 0}); } // booleans are INTEGER 0/1 on both engines
  Params& add_null();
  template<typename T> Params& add(const std::optional<T>& value) { return value ? add(*value) : add_null(); }

  std::size_t size() const { return m_values.size(); }
  void clear() { m_values.clear(); }
  // libpq's arrays: one C string per parameter, null for NULL. Valid until the next add().
  std::vector<const char*> pointers() const;

private:
  std::vector<std::optional<std::string>> m_values;
};

// The rows a statement returned; every value read as text, NULL told apart.
class Rows
{
public:
  explicit Rows(pg_result* result);
  Rows(Rows&&) noexcept = default;
  Rows& operator=(Rows&&) noexcept = default;
  ~Rows();

  int size() const;
  bool empty() const { return size() == 0; }
  bool is_null(int row, int column) const;
  std::string_view text(int row, int column) const;
  std::int64_t int64(int row, int column) const;
  double real(int row, int column) const;
  std::optional<std::string> optional_text(int row, int column) const;
  std::optional<std::int64_t> optional_int64(int row, int column) const;
  // Rows changed by an INSERT, UPDATE or DELETE.
  std::int64_t affected() const;

private:
  struct Clear
  {
    void operator()(pg_result* result) const;
  };
  std::unique_ptr<pg_result, Clear> m_result;
};

// A failure the server reports for one statement, with its SQLSTATE, when a caller turns an expected constraint
// failure into a diagnostic.
struct StatementFailure
{
  std::string sqlstate; // "23505" for a unique violation
  std::string message;
};

// Hashes std::string and std::string_view alike, so a map keyed by SQL text is searched without a copy.
struct TextHash
{
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

// One libpq connection to a PostgreSQL server. Every failure becomes a StoreError that names the server by its
// redacted URL (connection_url.hpp), so no message or log line above it ever holds the password. A lost connection
// is a StoreUnavailable; the next statement reconnects.
class Connection
{
public:
  // Connects to `url` (postgresql://...); throws StoreError when the server cannot be reached or refuses.
  explicit Connection(const std::string& url);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs `sql`, one or more statements without parameters, discarding any rows.
  void execute(const std::string& sql);
  // Runs one statement and gives the first column of each row as text (NULL as "").
  std::vector<std::string> query_column(const std::string& sql);
  // Runs one statement with `params`; throws StoreError when it fails.
  Rows run(std::string_view sql, const Params& params = {});
  // Like run(), but a failure the server reports comes back instead of being thrown.
  Rows try_run(std::string_view sql, const Params& params, std::optional<StatementFailure>& failure);
  // A COPY ... FROM STDIN in pieces (copy_stream.hpp keeps one open): starts `copy_sql`, sends rows as they are
  // written, ends it and waits for the server's answer. abort_copy() fails an unfinished one, and its transaction
  // with it.
  void begin_copy(const std::string& copy_sql);
  void put_copy(std::string_view rows);
  void end_copy();
  void abort_copy() noexcept;

  // Whether the connection is inside a transaction block (BEGIN without COMMIT or ROLLBACK yet).
  bool in_transaction() const;
  // The SQLSTATE of the last failed statement, "" when none.
  const std::string& last_sqlstate() const { return m_last_sqlstate; }

  // The URL this connection was made to, password hidden.
  const std::string& name() const { return m_name; }
  pg_conn* handle() const { return m_connection; }

private:
  friend class Transaction;

  // Reconnects when the server closed the connection since its last use (a restart, say).
  void ensure_open();
  Rows checked(pg_result* result, std::string_view what, std::optional<StatementFailure>* failure);
  // Runs `sql` as a statement prepared on this connection (prepared on first use).
  pg_result* execute_prepared(std::string_view sql, const Params& params);
  [[noreturn]] void fail(std::string_view what, pg_result* result);

  pg_conn* m_connection = nullptr;
  std::string m_url;
  std::string m_name;
  std::string m_last_sqlstate;
  // Set by an open Transaction: a connection lost inside one is not silently replaced, or the statements after it
  // would each commit on their own.
  bool m_transaction_open = false;
  // Prepared statements by SQL text; at most k_prepared_statements, the rest run unprepared.
  static constexpr std::size_t k_prepared_statements = 256;
  std::unordered_map<std::string, std::string, TextHash, std::equal_to<>> m_prepared;
};

// A transaction on a connection: BEGIN at construction, ROLLBACK at scope end unless committed.
class Transaction
{
public:
  // `isolation` is appended to BEGIN ("ISOLATION LEVEL REPEATABLE READ"), or empty for the server's default.
  explicit Transaction(Connection& connection, std::string_view isolation = "");
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit();

private:
  Connection& m_connection;
  bool m_open = true;
};

}  // namespace infertrack::store::postgres
