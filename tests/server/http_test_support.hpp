#pragma once

// What the HttpServer tests share: a test handler, a server on its own thread, and two clients (a
// Beast one that checks the answers are well-formed HTTP, and a raw socket for what well-behaved
// clients never send).

#include "infertrack/server/http/gzip.hpp"
#include "infertrack/server/http/http_server.hpp"
#include "openapi_test_support.hpp"
#include "support/gunzip.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <gtest/gtest.h>
#include <zlib.h>

#include <array>
#include <atomic>
#include <functional>
#include <future>
#include <optional>
#include <thread>

namespace infertrack::server::http::test_support {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace wire = boost::beast::http;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;
using WireResponse = wire::response<wire::string_body>;

inline const std::string k_big_text = [] {
  std::string text;
  for (int i = 0; i < 200; ++i) {
    text += "line " + std::to_string(i) + " of a text answer worth compressing\n";
  }
  return text;
}();

using infertrack::test::gunzip;

// What /parts sends: a beginning, then three parts made one after the other.
inline constexpr int k_body_parts = 3;
inline std::string
body_part(int part)
{
  return part == 0 ? "head\n" : k_big_text + "part " + std::to_string(part) + "\n";
}
inline const std::string k_parts_text = [] {
  std::string text;
  for (int part = 0; part <= k_body_parts; ++part) {
    text += body_part(part);
  }
  return text;
}();

// The handler the tests talk to: a few routes, each exercising one server behaviour.
inline Response
test_handler(const Request& request, std::shared_ptr<Metrics> metrics, std::atomic<int>& calls)
{
  ++calls;
  if (request.path == "/small") {
    return Response::text(200, "hello");
  }
  if (request.path == "/big") {
    return Response::text(200, k_big_text);
  }
  if (request.path == "/cached") {
    Response response = Response::text(200, k_big_text);
    response.gzip_body = std::make_shared<const std::string>(gzip_compress(k_big_text, 1));
    response.cache_control = "max-age=60";
    return response;
  }
  if (request.path == "/echo") {
    std::string text = request.method + " " + request.path;
    for (const auto& [name, value] : request.query) {
      text += "\n" + name + "=" + value;
    }
    text += "\nbody=" + request.body;
    text += "\nclient=" + request.client_address;
    return Response::text(200, text);
  }
  if (request.path.starts_with("/points/")) {
    Response response = Response::json(200, "{}");
    response.route = "/points/{id}";
    return response;
  }
  if (request.path == "/parts" || request.path == "/broken-parts") {
    Response response = Response::text(200, body_part(0));
    const bool broken = request.path == "/broken-parts";
    response.body_parts = [broken, made = 0](std::string& out) mutable {
      if (broken) {
        throw std::runtime_error("the store went away");
      }
      out += body_part(++made);
      return made < k_body_parts;
    };
    return response;
  }
  if (request.path == "/endless-parts") {
    // A part every 10 ms, never the last: only the server's limits end it.
    Response response = Response::text(200, body_part(0));
    response.body_parts = [](std::string& out) {
      std::this_thread::sleep_for(10ms);
      out += "more\n";
      return true;
    };
    return response;
  }
  if (request.path == "/throw") {
    throw std::runtime_error("handler bug");
  }
  if (request.path == "/slow") {
    std::this_thread::sleep_for(300ms);
    return Response::text(200, "slow done");
  }
  if (request.path == "/metrics") {
    Response response;
    response.content_type = "text/plain; version=0.0.4";
    response.body = metrics->render_prometheus();
    return response;
  }
  return Response::error(404, "not_found", "no route for " + request.path);
}

inline ServerOptions
test_options()
{
  ServerOptions options;
  options.port = 0;
  options.read_timeout = 2s;
  options.idle_timeout = 2s;
  options.shutdown_timeout = 2s;
  options.access_log = AccessLog::disabled;
  return options;
}

// An HttpServer running on its own thread for the length of a test.
class RunningServer
{
public:
  explicit RunningServer(ServerOptions options = test_options())
    : m_metrics(std::make_shared<Metrics>()),
      m_server(std::move(options),
               [this](const Request& request) { return test_handler(request, m_metrics, calls); },
               m_metrics),
      m_done(std::async(std::launch::async, [this] { m_server.run(); }))
  {
  }

  ~RunningServer()
  {
    m_server.stop();
    m_done.wait();
  }

  HttpServer& server() { return m_server; }
  Metrics& metrics() { return *m_metrics; }
  std::uint16_t port() const { return m_server.port(); }
  // Whether run() returned within `limit`.
  bool stops_within(std::chrono::milliseconds limit)
  {
    return m_done.wait_for(limit) == std::future_status::ready;
  }

  std::atomic<int> calls = 0;

private:
  std::shared_ptr<Metrics> m_metrics;
  HttpServer m_server;
  std::future<void> m_done;
};

// A small synchronous HTTP/1.1 client on one connection; /api/v1 answers are checked against docs/openapi.json.
class Client
{
public:
  explicit Client(std::uint16_t port)
    : m_stream(m_io)
  {
    m_stream.connect(tcp::endpoint(asio::ip::address_v4::loopback(), port));
  }

  WireResponse request(wire::verb method, std::string target,
                       std::vector<std::pair<std::string, std::string>> headers = {},
                       std::string body = {})
  {
    wire::request<wire::string_body> message{method, target, 11};
    message.set(wire::field::host, "127.0.0.1");
    for (const auto& [name, value] : headers) {
      message.set(name, value);
    }
    message.body() = std::move(body);
    message.prepare_payload();
    wire::write(m_stream, message);

    wire::response_parser<wire::string_body> parser;
    parser.body_limit(boost::none);
    parser.skip(method == wire::verb::head);
    wire::read(m_stream, m_buffer, parser);
    WireResponse response = parser.release();
    const bool gzipped = response[wire::field::content_encoding] == "gzip";
    server::test_support::expect_documented(std::string(wire::to_string(method)), target, response.result_int(),
                                            response[wire::field::content_type],
                                            gzipped ? gunzip(response.body()) : response.body());
    return response;
  }

  WireResponse get(std::string target, std::vector<std::pair<std::string, std::string>> headers = {})
  {
    return request(wire::verb::get, std::move(target), std::move(headers));
  }

  // Whether the server closed the connection: a read then ends at once with end of stream.
  bool closed_by_server()
  {
    beast::error_code ec;
    char byte;
    m_stream.socket().read_some(asio::buffer(&byte, 1), ec);
    return ec == asio::error::eof || ec == asio::error::connection_reset;
  }

private:
  asio::io_context m_io;
  beast::tcp_stream m_stream;
  beast::flat_buffer m_buffer;
};

// A raw socket, for what a well-behaved client never sends.
class RawClient
{
public:
  explicit RawClient(std::uint16_t port)
    : m_socket(m_io)
  {
    m_socket.connect(tcp::endpoint(asio::ip::address_v4::loopback(), port));
  }

  void send(std::string_view bytes) { asio::write(m_socket, asio::buffer(bytes)); }

  // Everything the server sends until it closes, or nothing if it is still open after `limit`.
  std::optional<std::string> read_until_closed(std::chrono::milliseconds limit)
  {
    std::string received;
    bool closed = false;
    std::function<void()> read_more;
    std::array<char, 4096> chunk;
    read_more = [&] {
      m_socket.async_read_some(asio::buffer(chunk), [&](beast::error_code ec, std::size_t n) {
        received.append(chunk.data(), n);
        if (ec) {
          closed = true;
        } else {
          read_more();
        }
      });
    };
    read_more();
    m_io.restart();
    m_io.run_for(limit);
    if (!closed) {
      m_socket.cancel();
      m_io.restart();
      m_io.run();
      return std::nullopt;
    }
    return received;
  }

private:
  asio::io_context m_io;
  tcp::socket m_socket;
};

inline std::string
header(const WireResponse& response, wire::field field)
{
  return std::string(response[field]);
}

}  // namespace infertrack::server::http::test_support
