#pragma once

#include <string>
#include <string_view>
#include <vector>

struct pg_conn;

namespace infertrack::store::postgres {

// One libpq connection to a PostgreSQL server. Every failure becomes a StoreError that names the server by its
// redacted URL (connection_url.hpp), so no message or log line above it ever holds the password.
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

  // The URL this connection was made to, password hidden.
  const std::string& name() const { return m_name; }

private:
  [[noreturn]] void fail(std::string_view what) const;

  pg_conn* m_connection = nullptr;
  std::string m_url;
  std::string m_name;
};

}  // namespace infertrack::store::postgres
