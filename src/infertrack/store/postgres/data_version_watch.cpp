#include "infertrack/store/postgres/data_version_watch.hpp"

#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/store.hpp"

#include <libpq-fe.h>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <charconv>
#include <memory>

namespace infertrack::store::postgres {
namespace {

// How often the version is read when no notification came, and how soon a lost connection is tried again.
constexpr int k_poll_milliseconds = 1'000;

std::optional<std::int64_t>
parsed_version(std::string_view text)
{
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

DataVersionWatch::DataVersionWatch(std::string url) : m_url(std::move(url)), m_wake(::eventfd(0, EFD_CLOEXEC))
{
  if (m_wake < 0) {
    throw StoreError("cannot create an eventfd to follow the data version");
  }
  m_thread = std::thread([this] { follow(); });
}

DataVersionWatch::~DataVersionWatch()
{
  const std::uint64_t one = 1;
  [[maybe_unused]] const auto written = ::write(m_wake, &one, sizeof one);
  m_thread.join();
  ::close(m_wake);
}

std::optional<std::int64_t>
DataVersionWatch::version() const
{
  const std::int64_t known = m_version.load(std::memory_order_acquire);
  return known == k_unknown ? std::nullopt : std::optional(known);
}

void
DataVersionWatch::saw(std::int64_t version)
{
  // Only forward: a notification of an older ingest may still arrive after the version that followed it.
  std::int64_t known = m_version.load();
  while (known != k_unknown && known < version && !m_version.compare_exchange_weak(known, version)) {
  }
}

void
DataVersionWatch::follow()
{
  std::unique_ptr<Connection> db;
  while (true) {
    try {
      if (!db) {
        db = std::make_unique<Connection>(m_url);
        db->execute(std::string("LISTEN ") + k_channel);
      }
      // Read after LISTEN: an ingest that commits in between is both in this version and notified.
      m_version.store(db->run("SELECT version FROM benchmark_data_version").int64(0, 0), std::memory_order_release);
      PGnotify* notification = nullptr;
      while ((notification = PQnotifies(db->handle())) != nullptr) {
        if (const auto version = parsed_version(notification->extra)) {
          saw(*version);
        }
        PQfreemem(notification);
      }
    } catch (const StoreError&) {
      db.reset();
      m_version.store(k_unknown, std::memory_order_release);
    }
    pollfd waits[2] = {{m_wake, POLLIN, 0}, {db ? PQsocket(db->handle()) : -1, POLLIN, 0}};
    ::poll(waits, 2, k_poll_milliseconds);
    if (waits[0].revents != 0) {
      return;
    }
    if (db && (waits[1].revents != 0) && PQconsumeInput(db->handle()) == 0) {
      db.reset(); // the server closed the connection: nothing is known until it is back
      m_version.store(k_unknown, std::memory_order_release);
    }
  }
}

}  // namespace infertrack::store::postgres
