#include "infertrack/server/http/session.hpp"

#include "infertrack/server/http/client_network.hpp"
#include "infertrack/server/http/forwarded_client.hpp"
#include "infertrack/server/http/gzip.hpp"
#include "infertrack/server/http/http_date.hpp"
#include "infertrack/server/http/representation.hpp"
#include "infertrack/server/http/security_headers.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/chunk_encode.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/serializer.hpp>
#include <boost/beast/http/span_body.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <optional>
#include <stdexcept>
#include <string>

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
// Room the read buffer has past the head limit. A chunk's size line (with its extensions) and the trailer fields after
// the last chunk must fit in it whole, as the parser reads them in one piece: without a bound a client could grow the
// buffer until memory ran out, and a trailer field over 64 KiB makes Beast throw from inside the read, which no
// connection catches (it stopped the server).
constexpr std::size_t k_read_room_past_head = 8 * 1024;

constexpr int k_payload_too_large = 413;
constexpr int k_header_fields_too_large = 431;
constexpr int k_uri_too_long = 414;
constexpr int k_bad_request = 400;
constexpr int k_internal_error = 500;
constexpr int k_not_implemented = 501;
constexpr int k_service_unavailable = 503;
// What a busy answer asks a client to wait before asking again: slow readers ahead of it finish or time out.
constexpr int k_busy_retry_after_seconds = 1;
// Bytes of answer bodies being written at once, over every connection. A client that reads slowly holds its answer
// until it has read it or write_timeout passed, so that 500 of them once held 45 MB of copies of one cached answer:
// an answer that would pass this waits for none, it is answered 503 busy with Retry-After. Answers up to
// k_small_answer_bytes are not counted (they fit a socket's buffers and leave at once), and an answer larger than the
// whole budget is sent when it is the only one counted.
constexpr std::size_t k_answer_bytes_in_flight = 16 * 1024 * 1024;
constexpr std::size_t k_small_answer_bytes = 64 * 1024;
// What an answer sent in parts holds at a time: about one part and its compressed copy (an export's page of points).
constexpr std::size_t k_streamed_answer_bytes = 2 * 1024 * 1024;
// An answer sent in parts gets this many write timeouts in all (30 s each by default: 166 MB of JSON at 1 MB/s).
constexpr int k_streamed_write_timeouts = 10;
constexpr int k_version_not_supported = 505;
constexpr int k_ok = 200;
constexpr int k_not_modified = 304;
constexpr int k_no_content = 204;
constexpr int k_lowest_status = 100;
constexpr int k_highest_status = 599;

// Whether the first `limit` bytes read so far hold the end of a line (the buffer may hold more: pipelined requests,
// or a read into room a larger request left).
bool
line_ended(const beast::flat_buffer& buffer, std::size_t limit)
{
  const auto data = buffer.data();
  const std::string_view read(static_cast<const char*>(data.data()), std::min(data.size(), limit));
  return read.find('\n') != std::string_view::npos;
}

// The request line read so far: the buffer's bytes up to the first line end, or up to `limit`.
std::string_view
request_line(const beast::flat_buffer& buffer, std::size_t limit)
{
  const auto data = buffer.data();
  const std::string_view read(static_cast<const char*>(data.data()), std::min(data.size(), limit));
  return read.substr(0, read.find("\r\n"));
}

// The version of a request line ending in " HTTP/DIGIT.DIGIT" ("1.1"), or nothing when it does not end so
// (RFC 9112 2.3).
std::optional<std::string_view>
http_version(std::string_view line)
{
  static constexpr std::string_view k_name = " HTTP/";
  constexpr std::size_t k_version_size = 3;  // DIGIT "." DIGIT
  if (line.size() < k_name.size() + k_version_size) {
    return std::nullopt;
  }
  const std::string_view version = line.substr(line.size() - k_version_size);
  if (line.substr(line.size() - k_version_size - k_name.size(), k_name.size()) != k_name ||
      !std::isdigit(static_cast<unsigned char>(version[0])) || version[1] != '.' ||
      !std::isdigit(static_cast<unsigned char>(version[2]))) {
    return std::nullopt;
  }
  return version;
}

// Rewrites a buffered request line that ends in HTTP/1.2 to HTTP/1.9 into HTTP/1.1, which Beast parses: RFC 9110 2.5
// has a later minor version read as the highest one the server implements. False when the line is not such.
bool
read_later_minor_version_as_1_1(beast::flat_buffer& buffer)
{
  const std::string_view line = request_line(buffer, buffer.size());
  const auto version = http_version(line);
  if (line.size() == buffer.size() || !version || (*version)[0] != '1' || (*version)[2] <= '1') {
    return false;
  }
  static_cast<char*>(buffer.data().data())[line.size() - 1] = '1';
  return true;
}

// What makes a request unanswerable once its header is read (RFC 9112), or nothing.
std::optional<std::string>
header_problem(const wire::request_parser<wire::string_body>& parser)
{
  const auto& header = parser.get();
  if (header.find(wire::field::transfer_encoding) != header.end() && (!parser.chunked() || header.version() < 11)) {
    // 6.1, 6.3: otherwise the body's end is unknown, and what follows the header could be read as another request
    // (smuggled past a proxy that framed it otherwise).
    return "a transfer coding must end in chunked, and HTTP/1.0 has none";
  }
  if (header.version() == 11 && header.count(wire::field::host) != 1) {
    return "an HTTP/1.1 request needs exactly one Host header";  // 3.2
  }
  return std::nullopt;
}

// A share of k_answer_bytes_in_flight, held while one answer is written.
class AnswerBytes
{
public:
  AnswerBytes(std::atomic<std::size_t>& in_flight, std::size_t bytes)
    : m_in_flight(in_flight)
  {
    std::size_t now = m_in_flight.load();
    while (bytes > 0) {
      if (now > 0 && now + bytes > k_answer_bytes_in_flight) {
        m_granted = false;
        return;
      }
      if (m_in_flight.compare_exchange_weak(now, now + bytes)) {
        m_bytes = bytes;
        return;
      }
    }
  }
  ~AnswerBytes() { m_in_flight.fetch_sub(m_bytes); }
  AnswerBytes(const AnswerBytes&) = delete;
  AnswerBytes& operator=(const AnswerBytes&) = delete;

  bool granted() const { return m_granted; }

private:
  std::atomic<std::size_t>& m_in_flight;
  std::size_t m_bytes = 0;
  bool m_granted = true;
};

enum class Connection
{
  keep_alive,
  close,
};

// Fields that frame the message on the wire, which only the server may set.
bool
is_framing_field(std::string_view name)
{
  return util::ascii_iequals(name, "content-length") || util::ascii_iequals(name, "transfer-encoding") ||
         util::ascii_iequals(name, "connection");
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
      m_entry(std::move(entry)),
      m_buffer(context.options.header_limit + k_read_room_past_head)
  {
    beast::error_code ec;
    const auto peer = m_stream.socket().remote_endpoint(ec);
    m_client = ec ? "unknown" : peer.address().to_string();
    m_client_network = client_network(m_client);
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
  asio::awaitable<void> refuse(const Response& response, const wire::request_parser<wire::string_body>& parser,
                               Clock::time_point start);
  asio::awaitable<bool> send(const Request& request, std::string_view wire_method, unsigned version,
                             const Response& response, BodyMode mode, Connection connection,
                             Clock::time_point start);
  asio::awaitable<bool> send_parts(const Request& request, std::string_view wire_method, const Response& response,
                                   const Representation& chosen, wire::response<wire::empty_body> head,
                                   Connection connection, Clock::time_point start);
  void count_answer(const Request& request, std::string_view wire_method, const Response& response, int status,
                    std::size_t bytes, Clock::time_point start, const beast::error_code& ec) const;
  asio::awaitable<void> linger();
  Response call_handler(const Request& request) const;

  SessionContext m_context;
  beast::tcp_stream m_stream;
  std::shared_ptr<SessionEntry> m_entry;
  beast::flat_buffer m_buffer;
  std::string m_client;
  std::string m_client_network;
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
    if (ec == wire::error::bad_version && read_later_minor_version_as_1_1(m_buffer)) {
      // The same bytes again, read by a fresh parser (a failed one consumed none of them).
      --served;
      continue;
    }
    if (const auto problem = ec ? std::nullopt : header_problem(parser)) {
      co_await refuse(Response::error(k_bad_request, "bad_request", "malformed request: " + *problem), parser,
                      Clock::now());
      co_return;
    }
    if (!ec && !parser.is_done()) {
      const auto& header = parser.get();
      if (header.version() == 11 && util::ascii_iequals(header[wire::field::expect], "100-continue")) {
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
  m_stream.expires_after(timeout);
  // Empty lines before a request line are skipped (RFC 9112 2.2: some clients send one after a body), up to a
  // chunk of them; more are left to the parser, which refuses them.
  std::size_t skipped = 0;
  for (;;) {
    const auto data = m_buffer.data();
    const std::string_view buffered(static_cast<const char*>(data.data()), data.size());
    const std::size_t blank = std::min(buffered.find_first_not_of("\r\n"), buffered.size());
    const std::size_t skip = std::min(blank, k_read_chunk - skipped);
    m_buffer.consume(skip);
    skipped += skip;
    if (m_buffer.size() > 0) {
      // A pipelined request is already buffered, or the first bytes of this one came.
      co_return !stopping();
    }
    auto [ec, read] = co_await m_stream.async_read_some(m_buffer.prepare(k_read_chunk), k_no_throw);
    if (ec) {
      co_return false;
    }
    m_buffer.commit(read);
  }
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
    request.headers.emplace_back(util::ascii_lower(field.name_string()), std::string(field.value()));
  }
  request.body = std::move(message.body());
  if (m_context.options.trusted_proxies.empty()) {
    request.client_address = m_client;
    request.client_network = m_client_network;
  } else {
    // Per request: a proxy sends the requests of many clients over one connection.
    request.client_address = forwarded_client(m_client, request.headers, m_context.options.trusted_proxies);
    request.client_network = client_network(request.client_address);
  }

  Response response;
  if (auto decoded = decode_target(request.target)) {
    request.path = std::move(decoded->path);
    request.query = std::move(decoded->query);
    if (m_context.write_executor != nullptr && request.method != "GET") {
      // The coroutine resumes on its own strand once the pool thread has the answer.
      response = co_await asio::co_spawn(
        *m_context.write_executor, [&]() -> asio::awaitable<Response> { co_return call_handler(request); },
        asio::use_awaitable);
    } else {
      response = call_handler(request);
    }
  } else {
    response = Response::error(k_bad_request, "bad_request", decoded.error().to_string());
  }
  const std::size_t held = response.body_parts                           ? k_streamed_answer_bytes
                           : response.body.size() > k_small_answer_bytes ? response.body.size()
                                                                          : 0;
  const AnswerBytes reserved(*m_context.answer_bytes_in_flight, held);
  if (!reserved.granted()) {
    const std::string route = response.route;
    response = Response::error(k_service_unavailable, "busy",
                               "answers being sent to other clients fill the server's budget of " +
                                 std::to_string(k_answer_bytes_in_flight) + " bytes");
    response.headers.emplace_back("Retry-After", std::to_string(k_busy_retry_after_seconds));
    response.route = route;
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
  } else if (ec == wire::error::buffer_overflow && parser.is_header_done()) {
    response = Response::error(k_payload_too_large, "payload_too_large",
                               "a chunk's size line or the trailer fields exceed the limit of " +
                                 std::to_string(k_read_room_past_head) + " bytes");
  } else if (ec == wire::error::header_limit && parser.get().target().empty() &&
             !line_ended(m_buffer, options.header_limit) &&
             request_line(m_buffer, options.header_limit).find(' ') == std::string_view::npos) {
    // RFC 9112 3: a method longer than any the server implements is 501, before its target is even seen.
    response = Response::error(k_not_implemented, "not_implemented",
                               "the method exceeds the limit of " + std::to_string(options.header_limit) +
                                 " bytes for the head");
  } else if (ec == wire::error::header_limit && parser.get().target().empty() &&
             !line_ended(m_buffer, options.header_limit)) {
    // The limit was reached before the request line ended: its target is what is too long. (Beast parses the request
    // line with the whole head once that has come, or as the head's first part; either way, unparsed, the line's
    // bytes are still in the buffer.)
    response = Response::error(
      k_uri_too_long, "uri_too_long",
      "the request line exceeds the limit of " + std::to_string(options.header_limit) + " bytes for the head");
  } else if (ec == wire::error::header_limit) {
    response = Response::error(
      k_header_fields_too_large, "header_too_large",
      "request line and headers exceed the limit of " + std::to_string(options.header_limit) +
        " bytes");
  } else if (const auto version = ec == wire::error::bad_version
                                     ? http_version(request_line(m_buffer, options.header_limit))
                                     : std::nullopt;
             version && (*version)[0] != '1') {
    // RFC 9110 15.6.6: the major version is what the server does not support.
    response = Response::error(k_version_not_supported, "http_version_not_supported",
                               "this server speaks HTTP/1.1 and HTTP/1.0 (got HTTP/" + std::string(*version) + ")");
  } else if (ec.category() == wire::make_error_code(wire::error::bad_target).category() &&
             ec != wire::error::end_of_stream && ec != wire::error::partial_message) {
    response = Response::error(k_bad_request, "bad_request", "malformed request: " + ec.message());
  } else {
    co_return;
  }
  co_await refuse(response, parser, start);
}

asio::awaitable<void>
Session::refuse(const Response& response, const wire::request_parser<wire::string_body>& parser,
                Clock::time_point start)
{
  Request request;
  std::string wire_method = "-";
  request.target = "-";
  if (parser.is_header_done()) {
    wire_method = std::string(parser.get().method_string());
    request.method = wire_method;
    request.target = std::string(parser.get().target());
  }
  request.client_address = m_client;
  request.client_network = m_client_network;
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
  message.set(wire::field::date, http_date_now());
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
    for (const auto& [name, value] : missing_security_headers(response)) {
      message.set(name, value);
    }
  }
  if (chosen.streamed && chosen.status == k_ok) {
    co_return co_await send_parts(request, wire_method, response, chosen,
                                  wire::response<wire::empty_body>(std::move(message.base())), connection, start);
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

  count_answer(request, wire_method, response, chosen.status, message.body().size(), start, ec);
  co_return !ec;
}

// Sends an answer whose body comes in parts: chunked on HTTP/1.1; on HTTP/1.0, which has no chunks, the body ends
// where the connection does. A body not sent to its end (a part that cannot be made, a write that fails or times
// out, the server's stop) is broken off with a reset, so that no client takes what it got for the whole body.
asio::awaitable<bool>
Session::send_parts(const Request& request, std::string_view wire_method, const Response& response,
                    const Representation& chosen, wire::response<wire::empty_body> head, Connection connection,
                    Clock::time_point start)
{
  const ServerOptions& options = m_context.options;
  const bool chunked = head.version() >= 11;
  head.chunked(chunked);
  head.keep_alive(chunked && connection == Connection::keep_alive && !stopping());
  const auto write_token = [&] { return asio::bind_cancellation_slot(m_entry->hard.slot(), k_no_throw); };
  // Each write gets write_timeout, and the whole answer k_streamed_write_timeouts of them: a client reading slowly
  // cannot hold its share of the answer budget for long.
  const Clock::time_point deadline = Clock::now() + options.write_timeout * k_streamed_write_timeouts;
  const auto expire = [&] { m_stream.expires_at(std::min(Clock::now() + options.write_timeout, deadline)); };

  expire();
  wire::response_serializer<wire::empty_body> serializer(head);
  auto [ec, written] = co_await wire::async_write_header(m_stream, serializer, write_token());
  std::size_t bytes = 0;
  bool complete = !chosen.send_body;
  std::string failure;
  if (!ec && chosen.send_body) {
    std::optional<GzipStream> gzip;
    std::string part(chosen.body);
    std::string compressed;
    for (bool more = true;;) {
      std::string_view data = part;
      try {
        if (chosen.gzip && !gzip) {
          gzip.emplace();
        }
        if (gzip) {
          compressed.clear();
          gzip->add(part, !more, compressed);
          data = compressed;
        }
      } catch (const std::exception& error) {
        failure = error.what();
        break;
      }
      if (Clock::now() >= deadline) {
        ec = beast::error::timeout;
        break;
      }
      if (!data.empty()) {
        // An empty chunk would end the body.
        expire();
        // Two statements: g++ 12 miscompiles `c ? co_await a : co_await b` with temporaries in the branches (the part
        // went out twice here, and a small repro frees a temporary of the branch not taken).
        if (chunked) {
          std::tie(ec, written) =
            co_await asio::async_write(m_stream, wire::make_chunk(asio::buffer(data)), write_token());
        } else {
          std::tie(ec, written) = co_await asio::async_write(m_stream, asio::buffer(data), write_token());
        }
        if (!ec) {
          bytes += data.size();
        }
      }
      if (ec || !more) {
        break;
      }
      // Making a part takes the store for a while, during which no write waits for the hard stop's signal.
      if ((m_cancellation.cancelled() & asio::cancellation_type::terminal) != asio::cancellation_type::none) {
        failure = "the server stopped";
        break;
      }
      part.clear();
      try {
        more = response.body_parts(part);
      } catch (const std::exception& error) {
        failure = error.what();
        break;
      }
    }
    if (!ec && failure.empty()) {
      if (chunked) {
        expire();
        std::tie(ec, written) = co_await asio::async_write(m_stream, wire::make_chunk_last(), write_token());
      }
      complete = !ec;
    }
  }
  if (!complete) {
    if (!failure.empty()) {
      spdlog::error("answer broken off: path={} client={} error={}", request.path, m_client, failure);
      ec = asio::error::connection_aborted;
    }
    beast::error_code ignored;
    m_stream.socket().set_option(asio::socket_base::linger(true, 0), ignored);
    m_stream.socket().close(ignored);
  }
  count_answer(request, wire_method, response, chosen.status, bytes, start, ec);
  co_return complete && head.keep_alive();
}

void
Session::count_answer(const Request& request, std::string_view wire_method, const Response& response, int status,
                      std::size_t bytes, Clock::time_point start, const beast::error_code& ec) const
{
  const auto elapsed = Clock::now() - start;
  m_context.answered->fetch_add(1, std::memory_order_relaxed);
  if (m_context.metrics != nullptr) {
    m_context.metrics->record(response.route, status, elapsed);
  }
  if (m_context.access_log != nullptr) {
    const std::string_view target = request.target;
    m_context.access_log->info(
      "access method={} path={} status={} bytes={} duration_us={} client={}{}", wire_method,
      target.substr(0, target.find('?')), status, bytes,
      std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count(), m_client,
      ec ? " write_error=" + ec.message() : std::string());
  }
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

}  // namespace

asio::awaitable<void>
serve_connection(SessionContext context, tcp::socket socket, std::shared_ptr<SessionEntry> entry)
{
  Session session(context, std::move(socket), std::move(entry));
  co_await session.run();
}

}  // namespace infertrack::server::http
