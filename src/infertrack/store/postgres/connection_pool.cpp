#include "infertrack/store/postgres/connection_pool.hpp"

#include "infertrack/store/postgres/connection_url.hpp"

#include <libpq-fe.h>

namespace infertrack::store::postgres {

ConnectionPool::ConnectionPool(std::string url, std::size_t size)
  : m_url(std::move(url)), m_name(redacted_url(m_url)), m_size(size == 0 ? 1 : size)
{
}

ConnectionPool::~ConnectionPool() = default;

ConnectionPool::Lease::Lease(ConnectionPool& pool, std::unique_ptr<Connection> connection)
  : m_pool(&pool), m_connection(std::move(connection))
{
}

ConnectionPool::Lease::~Lease()
{
  if (m_connection) {
    m_pool->give_back(std::move(m_connection));
  }
}

ConnectionPool::Lease
ConnectionPool::lease()
{
  std::unique_lock lock(m_mutex);
  m_returned.wait(lock, [&] { return !m_idle.empty() || m_open < m_size; });
  while (!m_idle.empty()) {
    std::unique_ptr<Connection> connection = std::move(m_idle.back());
    m_idle.pop_back();
    // A server that restarted since told its clients so: reading what waits on the socket finds out without a
    // round trip, and the request gets a fresh connection instead of a failure.
    if (PQconsumeInput(connection->handle()) == 1 && PQstatus(connection->handle()) == CONNECTION_OK) {
      return Lease(*this, std::move(connection));
    }
    --m_open;
  }
  ++m_open;
  lock.unlock();
  try {
    return Lease(*this, std::make_unique<Connection>(m_url));
  } catch (...) {
    lock.lock();
    --m_open;
    m_returned.notify_one();
    throw;
  }
}

void
ConnectionPool::give_back(std::unique_ptr<Connection> connection)
{
  // A connection left inside a transaction (its owner threw before ROLLBACK could run) is closed, not reused.
  const bool reusable = PQstatus(connection->handle()) == CONNECTION_OK && !connection->in_transaction();
  if (!reusable) {
    connection.reset();
  }
  std::lock_guard lock(m_mutex);
  if (reusable) {
    m_idle.push_back(std::move(connection));
  } else {
    --m_open;
  }
  m_returned.notify_one();
}

}  // namespace infertrack::store::postgres
