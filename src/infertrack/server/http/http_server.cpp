#include "infertrack/server/http/http_server.hpp"

#include "infertrack/server/http/free_heap.hpp"
#include "infertrack/server/http/http_date.hpp"
#include "infertrack/server/http/open_file_limit.hpp"
#include "infertrack/server/http/security_headers.hpp"
#include "infertrack/server/http/session.hpp"
#include "infertrack/util/assertions.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <csignal>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_set>
#include <vector>

namespace infertrack::server::http {

namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

constexpr auto k_no_throw = asio::as_tuple(asio::use_awaitable);
// Pause after a failed accept (out of descriptors), instead of spinning on it.
constexpr std::chrono::milliseconds k_accept_retry_delay{100};
constexpr int k_service_unavailable = 503;
// See ServerOptions::header_limit.
constexpr std::size_t k_largest_header_limit = 48 * 1024;

void
log_escaped_exception(std::string_view what, const std::exception_ptr& error)
{
  if (!error) {
    return;
  }
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    spdlog::error("{} failed: {}", what, e.what());
  } catch (...) {
    spdlog::error("{} failed: unknown exception", what);
  }
}

}  // namespace

class HttpServer::Impl
{
public:
  Impl(ServerOptions options, Handler handler, std::shared_ptr<Metrics> metrics);

  std::uint16_t port() const { return m_port; }
  void run();
  void stop();
  void stop_on_signals();

private:
  asio::awaitable<void> accept_connections();
  asio::awaitable<void> release_heap_after_activity();
  void start_session(tcp::socket socket);
  void finish_session(const std::shared_ptr<SessionEntry>& entry);
  void refuse_overloaded(tcp::socket& socket);
  void begin_shutdown();
  void cut_sessions();
  std::vector<std::shared_ptr<SessionEntry>> sessions_now();

  ServerOptions m_options;
  Handler m_handler;
  std::shared_ptr<Metrics> m_metrics;
  std::shared_ptr<spdlog::logger> m_access_log;
  std::string m_overloaded_head;  // the fixed 503 up to its Date field
  std::string m_overloaded_rest;  // and after it

  // Declared first so that it outlives every I/O object below.
  asio::io_context m_io;
  // Runs the acceptor, the shutdown steps and the signal handler, one at a time.
  asio::strand<asio::io_context::executor_type> m_control;
  tcp::acceptor m_acceptor;
  asio::steady_timer m_grace_timer;
  asio::steady_timer m_heap_timer;
  std::optional<asio::signal_set> m_signals;
  std::uint16_t m_port = 0;

  // After m_io, so it is joined (its last answers posted back) while the io_context still exists.
  std::optional<asio::thread_pool> m_write_pool;
  std::optional<asio::any_io_executor> m_write_executor;

  std::atomic<std::uint64_t> m_answered = 0;
  std::atomic<std::size_t> m_answer_bytes_in_flight = 0;

  std::mutex m_mutex;
  std::unordered_set<std::shared_ptr<SessionEntry>> m_sessions; // guarded by m_mutex
  bool m_stopping = false;                                      // guarded by m_mutex
};

HttpServer::Impl::Impl(ServerOptions options, Handler handler, std::shared_ptr<Metrics> metrics)
  : m_options(std::move(options)),
    m_handler(std::move(handler)),
    m_metrics(std::move(metrics)),
    m_io(std::max(1, m_options.threads)),
    m_control(asio::make_strand(m_io)),
    m_acceptor(m_control),
    m_grace_timer(m_control),
    m_heap_timer(m_control)
{
  if (m_options.write_threads > 0) {
    m_write_pool.emplace(static_cast<std::size_t>(m_options.write_threads));
    m_write_executor.emplace(m_write_pool->get_executor());
  }
  if (m_options.access_log == AccessLog::enabled) {
    m_access_log = spdlog::get(m_options.access_logger);
    if (m_access_log == nullptr) {
      m_access_log = spdlog::default_logger();
    }
  }

  INFERTRACK_ASSERT(m_options.header_limit <= k_largest_header_limit);
  m_options.max_connections = connections_within_open_file_limit(m_options.max_connections);

  const Response overloaded = Response::error(k_service_unavailable, "overloaded", "too many open connections");
  // The Date field goes between the two halves when the answer is sent (RFC 9110 6.6.1: an origin server sends it).
  m_overloaded_head = "HTTP/1.1 503 Service Unavailable\r\nServer: " + m_options.server_name + "\r\nDate: ";
  m_overloaded_rest = "\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n";
  for (const auto& [name, value] : missing_security_headers(overloaded)) {
    m_overloaded_rest += std::string(name) + ": " + std::string(value) + "\r\n";
  }
  m_overloaded_rest += "Connection: close\r\nContent-Length: " + std::to_string(overloaded.body.size()) +
                       "\r\n\r\n" + overloaded.body;

  const std::string where = m_options.address + ":" + std::to_string(m_options.port);
  error_code ec;
  const auto address = asio::ip::make_address(m_options.address, ec);
  if (ec) {
    throw std::runtime_error("cannot listen on " + where + ": invalid address");
  }
  const tcp::endpoint endpoint(address, m_options.port);
  m_acceptor.open(endpoint.protocol(), ec);
  if (!ec) {
    m_acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  }
  if (!ec) {
    m_acceptor.bind(endpoint, ec);
  }
  if (!ec) {
    m_acceptor.listen(asio::socket_base::max_listen_connections, ec);
  }
  if (ec) {
    throw std::runtime_error("cannot listen on " + where + ": " + ec.message());
  }
  m_port = m_acceptor.local_endpoint().port();

  asio::co_spawn(m_control, accept_connections(),
                 [](std::exception_ptr error) { log_escaped_exception("accept loop", error); });
  if (m_options.heap_release_interval.count() > 0) {
    asio::co_spawn(m_control, release_heap_after_activity(),
                   [](std::exception_ptr error) { log_escaped_exception("heap release", error); });
  }
}

void
HttpServer::Impl::run()
{
  std::vector<std::jthread> workers;
  for (int i = 1; i < m_options.threads; ++i) {
    workers.emplace_back([this] { m_io.run(); });
  }
  m_io.run();
}

void
HttpServer::Impl::stop_on_signals()
{
  m_signals.emplace(m_control, SIGINT, SIGTERM);
  m_signals->async_wait([this](const error_code& ec, int signal) {
    if (!ec) {
      spdlog::info("received signal {}, stopping", signal);
      stop();
    }
  });
}

asio::awaitable<void>
HttpServer::Impl::accept_connections()
{
  for (;;) {
    auto [ec, socket] =
      co_await m_acceptor.async_accept(asio::any_io_executor(asio::make_strand(m_io)), k_no_throw);
    if (!m_acceptor.is_open()) {
      co_return;
    }
    if (ec) {
      spdlog::warn("accept failed: {}", ec.message());
      asio::steady_timer pause(m_control, k_accept_retry_delay);
      co_await pause.async_wait(k_no_throw);
      continue;
    }
    start_session(std::move(socket));
  }
}

// Wakes once a period; an idle server stays idle, a busy one trims at most once a period.
asio::awaitable<void>
HttpServer::Impl::release_heap_after_activity()
{
  std::uint64_t seen = m_answered.load(std::memory_order_relaxed);
  for (;;) {
    m_heap_timer.expires_after(m_options.heap_release_interval);
    const auto [ec] = co_await m_heap_timer.async_wait(k_no_throw);
    if (ec || !m_acceptor.is_open()) {
      co_return;
    }
    const std::uint64_t now = m_answered.load(std::memory_order_relaxed);
    if (now == seen) {
      continue;
    }
    seen = now;
    return_free_heap_to_os();
    if (m_metrics != nullptr) {
      m_metrics->heap_released();
    }
  }
}

void
HttpServer::Impl::start_session(tcp::socket socket)
{
  error_code ignored;
  // Answers are written whole, so waiting to coalesce small segments only adds latency.
  socket.set_option(tcp::no_delay(true), ignored);

  std::shared_ptr<SessionEntry> entry;
  {
    const std::lock_guard lock(m_mutex);
    if (m_stopping) {
      return;
    }
    if (m_sessions.size() < m_options.max_connections) {
      entry = std::make_shared<SessionEntry>(socket.get_executor());
      m_sessions.insert(entry);
    }
  }
  if (entry == nullptr) {
    refuse_overloaded(socket);
    return;
  }
  if (m_metrics != nullptr) {
    m_metrics->connection_opened();
  }
  const SessionContext context{m_options, m_handler, m_metrics.get(), m_access_log.get(),
                               m_write_executor ? &*m_write_executor : nullptr, &m_answered,
                               &m_answer_bytes_in_flight};
  asio::co_spawn(entry->strand, serve_connection(context, std::move(socket), entry),
                 asio::bind_cancellation_slot(entry->soft.slot(),
                                              [this, entry](std::exception_ptr error) {
                                                log_escaped_exception("connection", error);
                                                finish_session(entry);
                                              }));
}

// Over max_connections: a fixed 503 written without waiting (it fits any fresh socket buffer), so a
// flood of connections costs no coroutine each.
void
HttpServer::Impl::refuse_overloaded(tcp::socket& socket)
{
  error_code ignored;
  socket.non_blocking(true, ignored);
  const std::array<asio::const_buffer, 3> answer = {asio::buffer(m_overloaded_head), asio::buffer(http_date_now()),
                                                    asio::buffer(m_overloaded_rest)};
  socket.write_some(answer, ignored);
  socket.shutdown(tcp::socket::shutdown_both, ignored);
  socket.close(ignored);
  spdlog::warn("refused a connection: {} open connections is the limit", m_options.max_connections);
  if (m_metrics != nullptr) {
    m_metrics->record({}, k_service_unavailable, {});
  }
}

void
HttpServer::Impl::finish_session(const std::shared_ptr<SessionEntry>& entry)
{
  bool last = false;
  {
    const std::lock_guard lock(m_mutex);
    m_sessions.erase(entry);
    last = m_stopping && m_sessions.empty();
  }
  if (m_metrics != nullptr) {
    m_metrics->connection_closed();
  }
  if (last) {
    // Nothing left to cut: let run() return now rather than when the grace timer fires.
    asio::post(m_control, [this] { m_grace_timer.cancel(); });
  }
}

std::vector<std::shared_ptr<SessionEntry>>
HttpServer::Impl::sessions_now()
{
  const std::lock_guard lock(m_mutex);
  return {m_sessions.begin(), m_sessions.end()};
}

void
HttpServer::Impl::stop()
{
  std::vector<std::shared_ptr<SessionEntry>> sessions;
  {
    const std::lock_guard lock(m_mutex);
    if (m_stopping) {
      return;
    }
    m_stopping = true;
    sessions.assign(m_sessions.begin(), m_sessions.end());
  }
  // Marked here rather than on the strands, which may all be busy in handlers right now.
  for (const auto& entry : sessions) {
    entry->stopping = true;
  }
  asio::post(m_control, [this] { begin_shutdown(); });
}

void
HttpServer::Impl::begin_shutdown()
{
  error_code ignored;
  m_acceptor.close(ignored);
  m_heap_timer.cancel();
  if (m_signals) {
    // Restores the default action, so a second signal stops the process at once.
    m_signals->clear(ignored);
    m_signals->cancel(ignored);
  }
  const auto sessions = sessions_now();
  spdlog::info("stopping: {} open connection(s) get {} ms to finish", sessions.size(),
               m_options.shutdown_timeout.count());
  for (const auto& entry : sessions) {
    asio::post(entry->strand, [entry] { entry->soft.emit(asio::cancellation_type::total); });
  }
  if (sessions.empty()) {
    return;
  }
  m_grace_timer.expires_after(m_options.shutdown_timeout);
  m_grace_timer.async_wait([this](const error_code& ec) {
    if (!ec) {
      cut_sessions();
    }
  });
}

void
HttpServer::Impl::cut_sessions()
{
  const auto sessions = sessions_now();
  if (!sessions.empty()) {
    spdlog::warn("shutdown grace over: cutting {} connection(s)", sessions.size());
  }
  for (const auto& entry : sessions) {
    asio::post(entry->strand, [entry] {
      entry->hard.emit(asio::cancellation_type::terminal);
      entry->soft.emit(asio::cancellation_type::terminal);
    });
  }
}

HttpServer::HttpServer(ServerOptions options, Handler handler, std::shared_ptr<Metrics> metrics)
  : m_impl(std::make_unique<Impl>(std::move(options), std::move(handler), std::move(metrics)))
{
}

HttpServer::~HttpServer() = default;

std::uint16_t
HttpServer::port() const
{
  return m_impl->port();
}

void
HttpServer::run()
{
  m_impl->run();
}

void
HttpServer::stop()
{
  m_impl->stop();
}

void
HttpServer::stop_on_signals()
{
  m_impl->stop_on_signals();
}

}  // namespace infertrack::server::http

