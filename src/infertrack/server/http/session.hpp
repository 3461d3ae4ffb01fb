#pragma once

// Internal to server/http, shared by http_server.cpp (accepting, shutdown) and session.cpp (one
// connection). It brings in Asio, so nothing outside this folder includes it.

#include "infertrack/server/http/handler.hpp"
#include "infertrack/server/http/metrics.hpp"
#include "infertrack/server/http/server_options.hpp"

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <atomic>
#include <cstdint>
#include <memory>

namespace spdlog {
class logger;
}

namespace infertrack::server::http {

// The server's handle on one connection, for a shutdown: the signals are emitted on `strand`, the
// session's own, because cancellation signals are not thread-safe.
struct SessionEntry
{
  explicit SessionEntry(boost::asio::any_io_executor executor)
    : strand(std::move(executor))
  {
  }

  boost::asio::any_io_executor strand;
  // Set at once by a stop, while the signals wait for the strand: an answer being computed then
  // already says Connection: close.
  std::atomic<bool> stopping = false;
  // Bound to the session coroutine: total cancellation ends reads and idle waits, not writes.
  boost::asio::cancellation_signal soft;
  // Bound to writes only: emitted when the shutdown grace is over.
  boost::asio::cancellation_signal hard;
};

// What a session needs from the server, without knowing the server.
struct SessionContext
{
  const ServerOptions& options;
  const Handler& handler;
  Metrics* metrics;
  spdlog::logger* access_log; // null when access logging is off
  // Where requests that change state run their handler (see ServerOptions::write_threads); null to run
  // them on the session's own executor.
  const boost::asio::any_io_executor* write_executor;
  // Counts every answer written, so the server knows whether there was activity since it last looked.
  std::atomic<std::uint64_t>* answered;
  // Bytes of the large answers being written now, which session.cpp bounds.
  std::atomic<std::size_t>* answer_bytes_in_flight;
};

// Serves the connection on `socket` until the client leaves, a limit is hit or `entry` is cancelled.
// Runs on `entry`.strand, and never throws for I/O or handler errors.
boost::asio::awaitable<void> serve_connection(SessionContext context,
                                              boost::asio::ip::tcp::socket socket,
                                              std::shared_ptr<SessionEntry> entry);

}  // namespace infertrack::server::http
