#include "infertrack/server/http/http_server.hpp"

#include "infertrack/server/http/representation.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/span_body.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cctype>
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
namespace beast = boost::beast;
namespace wire = boost::beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

// Errors come back as values: a failed read or write ends one connection, never the server.
constexpr auto k_no_throw = asio::as_tuple(asio::use_awaitable);

// Bytes asked for in one read while waiting for a request to start.
constexpr std::size_t k_read_chunk = 4096;
// After refusing a request, how long and how much of its rest to read and discard before closing:
// closing with unread input makes the kernel send a reset, which can destroy the refusal in flight.
constexpr std::chrono::seconds k_linger_timeout{1};
constexpr std::size_t k_linger_max_bytes = 1024 * 1024;
// Pause after a failed accept (out of descriptors), instead of spinning on it.
constexpr std::chrono::milliseconds k_accept_retry_delay{100};

constexpr int k_payload_too_large = 413;
constexpr int k_header_fields_too_large = 431;
constexpr int k_bad_request = 400;
constexpr int k_internal_error = 500;
constexpr int k_not_modified = 304;
constexpr int k_no_content = 204;
constexpr int k_lowest_status = 100;
constexpr int k_highest_status = 599;

// The server's handle on one connection, for a shutdown: the signals are emitted on `strand`, the
// session's own, because cancellation signals are not thread-safe.
struct SessionEntry
{
  explicit SessionEntry(asio::any_io_executor executor)
    : strand(std::move(executor))
  {
  }

  asio::any_io_executor strand;
  // Set at once by a stop, while the signals wait for the strand: an answer being computed then
  // already says Connection: close.
  std::atomic<bool> stopping = false;
  // Bound to the session coroutine: total cancellation ends reads and idle waits, not writes.
  asio::cancellation_signal soft;
  // Bound to writes only: emitted when the shutdown grace is over.
  asio::cancellation_signal hard;
};

// What a session needs from the server, without knowing the server.
struct SessionContext
{
  const ServerOptions& options;
  const Handler& handler;
  Metrics* metrics;
  spdlog::logger* access_log; // null when access logging is off
};

enum class Connection
{
  keep_alive,
  close,
};

std::string
lower(std::string_view text)
{
  std::string lowered(text);
  std::ranges::transform(lowered, lowered.begin(),
                         [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lowered;
}

bool
iequals(std::string_view a, std::string_view b)
{
  return std::ranges::equal(a, b, [](unsigned char x, unsigned char y) {
    return std::tolower(x) == std::tolower(y);
  });
}

// Fields that frame the message on the wire, which only the server may set.
bool
is_framing_field(std::string_view name)
{
  return iequals(name, "content-length") || iequals(name, "transfer-encoding") ||
         iequals(name, "connection");
}

// Statuses whose answers never have a body (RFC 9110, section 6.4.1).
bool
forbids_body(int status)
{
  return status < 200 || status == k_no_content || status == k_not_modified;
}

// One connection: reads requests, answers them through the handler, and closes when the client
// leaves, a limit is hit, or the server stops.
class Session
{
public:
  Session(SessionContext context, tcp::socket socket, std::shared_ptr<SessionEntry> entry)
    : m_context(context),
      m_stream(std::move(socket)),
      m_entry(std::move(entry))
  {
    beast::error_code ec;
    const auto peer = m_stream.socket().remote_endpoint(ec);
    m_client = ec ? "unknown" : peer.address().to_string();
  }

  asio::awaitable<void> run();

private:
  using WireRequest = wire::request<wire::string_body>;

  bool stopping() const
  {
    return m_entry->stopping || m_cancellation.cancelled() != asio::cancellation_type::none;
  }
  asio::awaitable<bool> wait_for_request(std::chrono::milliseconds timeout);
  asio::awaitable<bool> answer(WireRequest message, Connection connection);
  asio::awaitable<void> refuse(const beast::error_code& ec,
                               const wire::request_parser<wire::string_body>& parser);
  asio::awaitable<bool> send(const Request& request, std::string_view wire_method, unsigned version,
                             const Response& response, BodyMode mode, Connection connection,
                             Clock::time_point start);
  asio::awaitable<void> linger();
  Response call_handler(const Request& request) const;

  SessionContext m_context;
  beast::tcp_stream m_stream;
  std::shared_ptr<SessionEntry> m_entry;
  beast::flat_buffer m_buffer;
  std::string m_client;
  asio::cancellation_state m_cancellation;
};

asio::awaitable<void>
Session::run()
{
  // Total cancellation (a graceful stop) must reach the reads; a throw on it would skip the close.
  co_await asio::this_coro::reset_cancellation_state(asio::enable_total_cancellation());
  co_await asio::this_coro::throw_if_cancelled(false);
  m_cancellation = co_await asio::this_coro::cancellation_state;

  const ServerOptions& options = m_context.options;
  for (std::size_t served = 0; served < options.max_requests_per_connection; ++served) {
    // A new connection gets read_timeout to start talking, a kept-alive one idle_timeout.
    if (!co_await wait_for_request(served == 0 ? options.read_timeout : options.idle_timeout)) {
      break;
    }
    wire::request_parser<wire::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(options.header_limit));
    parser.body_limit(options.body_limit);
    // One deadline for the whole request from its first byte: a client dripping bytes cannot
    // stretch it.
    m_stream.expires_after(options.read_timeout);

    auto [ec, read] = co_await wire::async_read_header(m_stream, m_buffer, parser, k_no_throw);
    if (!ec && !parser.is_done()) {
      const auto& header = parser.get();
      if (header.version() == 11 && iequals(header[wire::field::expect], "100-continue")) {
        static constexpr std::string_view k_continue = "HTTP/1.1 100 Continue\r\n\r\n";
        std::tie(ec, read) = co_await asio::async_write(m_stream, asio::buffer(k_continue), k_no_throw);
      }
      if (!ec) {
        std::tie(ec, read) = co_await wire::async_read(m_stream, m_buffer, parser, k_no_throw);
      }
    }
    if (ec) {
      co_await refuse(ec, parser);
      co_return;
    }

    const bool last = !parser.keep_alive() || served + 1 == options.max_requests_per_connection ||
                      stopping();
    if (!co_await answer(parser.release(), last ? Connection::close : Connection::keep_alive) ||
        last || stopping()) {
      break;
    }
  }
  beast::error_code ignored;
  m_stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

// Waits until the next request's first bytes are here; false when the client left, went quiet
// for `timeout`, or the server is stopping.
asio::awaitable<bool>
Session::wait_for_request(std::chrono::milliseconds timeout)
{
  if (m_buffer.size() > 0) {
    // A pipelined request is already buffered.
    co_return !stopping();
  }
  m_stream.expires_after(timeout);
  auto [ec, read] = co_await m_stream.async_read_some(m_buffer.prepare(k_read_chunk), k_no_throw);
  if (ec) {
    co_return false;
  }
  m_buffer.commit(read);
  co_return !stopping();
}

asio::awaitable<bool>
Session::answer(WireRequest message, Connection connection)
{
  const Clock::time_point start = Clock::now();
  const bool head = message.method() == wire::verb::head;
  const std::string wire_method(message.method_string());

  Request request;
  request.method = head ? "GET" : wire_method;
  request.target = std::string(message.target());
  request.headers.reserve(static_cast<std::size_t>(std::distance(message.begin(), message.end())));
  for (const auto& field : message) {
    request.headers.emplace_back(lower(field.name_string()), std::string(field.value()));
  }
  request.body = std::move(message.body());
  request.client_address = m_client;

  Response response;
  if (auto decoded = decode_target(request.target)) {
    request.path = std::move(decoded->path);
    request.query = std::move(decoded->query);
    response = call_handler(request);
  } else {
    response = Response::error(k_bad_request, "bad_request", decoded.error().to_string());
  }
  co_return co_await send(request, wire_method, message.version(), response,
                          head ? BodyMode::headers_only : BodyMode::full, connection, start);
}

Response
Session::call_handler(const Request& request) const
{
  try {
    Response response = m_context.handler(request);
    if (response.status < k_lowest_status || response.status > k_highest_status) {
      throw std::logic_error("handler answered status " + std::to_string(response.status));
    }
    return response;
  } catch (const std::exception& error) {
    spdlog::error("handler failed: method={} path={} client={} error={}", request.method, request.path,
                  m_client, error.what());
  } catch (...) {
    spdlog::error("handler failed: method={} path={} client={} error=unknown exception",
                  request.method, request.path, m_client);
  }
  return Response::error(k_internal_error, "internal", "internal error");
}

// Answers a request that could not be read whole (too large, malformed) and closes; a client that
// left or timed out gets nothing.
asio::awaitable<void>
Session::refuse(const beast::error_code& ec, const wire::request_parser<wire::string_body>& parser)
{
  const Clock::time_point start = Clock::now();
  const ServerOptions& options = m_context.options;
  Response response;
  if (ec == wire::error::body_limit) {
    response = Response::error(
      k_payload_too_large, "payload_too_large",
      "request body exceeds the limit of " + std::to_string(options.body_limit) + " bytes");
  } else if (ec == wire::error::header_limit) {
    response = Response::error(
      k_header_fields_too_large, "header_too_large",
      "request line and headers exceed the limit of " + std::to_string(options.header_limit) +
        " bytes");
  } else if (ec.category() == wire::make_error_code(wire::error::bad_target).category() &&
             ec != wire::error::end_of_stream && ec != wire::error::partial_message) {
    response = Response::error(k_bad_request, "bad_request", "malformed request: " + ec.message());
  } else {
    co_return;
  }

  Request request;
  std::string wire_method = "-";
  request.target = "-";
  if (parser.is_header_done()) {
    wire_method = std::string(parser.get().method_string());
    request.method = wire_method;
    request.target = std::string(parser.get().target());
  }
  request.client_address = m_client;
  if (co_await send(request, wire_method, 11, response, BodyMode::full, Connection::close, start)) {
    co_await linger();
  }
}

asio::awaitable<bool>
Session::send(const Request& request, std::string_view wire_method, unsigned version,
              const Response& response, BodyMode mode, Connection connection, Clock::time_point start)
{
  const ServerOptions& options = m_context.options;
  const Representation chosen = choose_representation(request, response, mode, options.gzip_min_size);

  wire::response<wire::span_body<const char>> message;
  message.result(static_cast<unsigned>(chosen.status));
  message.version(version);
  message.set(wire::field::server, options.server_name);
  message.set("X-Content-Type-Options", "nosniff");
  if (!chosen.etag.empty()) {
    message.set(wire::field::etag, chosen.etag);
  }
  if (chosen.vary_encoding) {
    message.set(wire::field::vary, "Accept-Encoding");
  }
  if (!response.cache_control.empty()) {
    message.set(wire::field::cache_control, response.cache_control);
  }
  if (chosen.status != k_not_modified) {
    if (!response.content_type.empty()) {
      message.set(wire::field::content_type, response.content_type);
    }
    if (chosen.gzip) {
      message.set(wire::field::content_encoding, "gzip");
    }
    for (const auto& [name, value] : response.headers) {
      if (!is_framing_field(name)) {
        message.insert(name, value);
      }
    }
  }
  if (!forbids_body(chosen.status)) {
    // For HEAD this is the length a GET would get, with no body following.
    message.content_length(chosen.body.size());
  }
  if (chosen.send_body && !forbids_body(chosen.status)) {
    message.body() = {chosen.body.data(), chosen.body.size()};
  }
  // A stop that came while the handler ran already closes this connection.
  message.keep_alive(connection == Connection::keep_alive && !stopping());

  // Only the hard signal reaches the write: a graceful stop lets an answer in flight finish.
  m_stream.expires_after(options.write_timeout);
  const auto [ec, written] = co_await wire::async_write(
    m_stream, message, asio::bind_cancellation_slot(m_entry->hard.slot(), k_no_throw));

  const auto elapsed = Clock::now() - start;
  if (m_context.metrics != nullptr) {
    m_context.metrics->record(response.route, chosen.status, elapsed);
  }
  if (m_context.access_log != nullptr) {
    const std::string_view target = request.target;
    m_context.access_log->info(
      "access method={} path={} status={} bytes={} duration_us={} client={}{}", wire_method,
      target.substr(0, target.find('?')), chosen.status, message.body().size(),
      std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count(), m_client,
      ec ? " write_error=" + ec.message() : std::string());
  }
  co_return !ec;
}

asio::awaitable<void>
Session::linger()
{
  beast::error_code ignored;
  m_stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  m_stream.expires_after(k_linger_timeout);
  for (std::size_t drained = 0; drained < k_linger_max_bytes;) {
    m_buffer.clear();
    auto [ec, read] = co_await m_stream.async_read_some(m_buffer.prepare(k_read_chunk), k_no_throw);
    if (ec) {
      break;
    }
    drained += read;
  }
}

asio::awaitable<void>
serve_connection(SessionContext context, tcp::socket socket, std::shared_ptr<SessionEntry> entry)
{
  Session session(context, std::move(socket), std::move(entry));
  co_await session.run();
}

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
  std::string m_overloaded_answer;

  // Declared first so that it outlives every I/O object below.
  asio::io_context m_io;
  // Runs the acceptor, the shutdown steps and the signal handler, one at a time.
  asio::strand<asio::io_context::executor_type> m_control;
  tcp::acceptor m_acceptor;
  asio::steady_timer m_grace_timer;
  std::optional<asio::signal_set> m_signals;
  std::uint16_t m_port = 0;

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
    m_grace_timer(m_control)
{
  if (m_options.access_log == AccessLog::enabled) {
    m_access_log = spdlog::get(m_options.access_logger);
    if (m_access_log == nullptr) {
      m_access_log = spdlog::default_logger();
    }
  }

  const std::string body = R"({"error":"overloaded","detail":"too many open connections"})";
  m_overloaded_answer = "HTTP/1.1 503 Service Unavailable\r\nServer: " + m_options.server_name +
                        "\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n"
                        "Connection: close\r\nContent-Length: " +
                        std::to_string(body.size()) + "\r\n\r\n" + body;

  const std::string where = m_options.address + ":" + std::to_string(m_options.port);
  boost::system::error_code ec;
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
  m_signals->async_wait([this](const boost::system::error_code& ec, int signal) {
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

void
HttpServer::Impl::start_session(tcp::socket socket)
{
  beast::error_code ignored;
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
  const SessionContext context{m_options, m_handler, m_metrics.get(), m_access_log.get()};
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
  beast::error_code ignored;
  socket.non_blocking(true, ignored);
  socket.write_some(asio::buffer(m_overloaded_answer), ignored);
  socket.shutdown(tcp::socket::shutdown_both, ignored);
  socket.close(ignored);
  spdlog::warn("refused a connection: {} open connections is the limit", m_options.max_connections);
  if (m_metrics != nullptr) {
    m_metrics->record({}, 503, {});
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
  boost::system::error_code ignored;
  m_acceptor.close(ignored);
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
  m_grace_timer.async_wait([this](const boost::system::error_code& ec) {
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
