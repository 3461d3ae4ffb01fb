#pragma once

#include "infertrack/store/postgres/connection.hpp"

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace infertrack::store::postgres {

// A few connections to one database, shared by a server's threads: each call leases one for its statements and
// gives it back, so a slow query holds up only the calls that find no free connection. Connections open on demand.
class ConnectionPool
{
public:
  // At most `size` connections to `url`.
  ConnectionPool(std::string url, std::size_t size);
  ~ConnectionPool();
  ConnectionPool(const ConnectionPool&) = delete;
  ConnectionPool& operator=(const ConnectionPool&) = delete;

  // One connection, the caller's alone until the lease ends.
  class Lease
  {
  public:
    Lease(ConnectionPool& pool, std::unique_ptr<Connection> connection);
    ~Lease();
    Lease(Lease&&) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

    Connection& operator*() const { return *m_connection; }
    Connection* operator->() const { return m_connection.get(); }

  private:
    ConnectionPool* m_pool;
    std::unique_ptr<Connection> m_connection;
  };

  // Waits for a free connection, or opens one while fewer than `size` are open; throws StoreUnavailable when the
  // server cannot be reached.
  Lease lease();

  // The URL, password hidden.
  const std::string& name() const { return m_name; }
  const std::string& url() const { return m_url; }

private:
  void give_back(std::unique_ptr<Connection> connection);

  std::string m_url;
  std::string m_name;
  std::size_t m_size;
  std::mutex m_mutex;
  std::condition_variable m_returned;
  std::vector<std::unique_ptr<Connection>> m_idle;
  std::size_t m_open = 0; // idle and leased
};

}  // namespace infertrack::store::postgres
