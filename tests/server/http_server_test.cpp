#include "infertrack/server/http/http_server.hpp"

#include "infertrack/server/http/gzip.hpp"

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
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <zlib.h>

#include <atomic>
#include <csignal>
#include <future>
#include <regex>
#include <sstream>
#include <thread>

namespace infertrack::server::http {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace wire = boost::beast::http;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;
using WireResponse = wire::response<wire::string_body>;

const std::string k_big_text = [] {
  std::string text;
  for (int i = 0; i < 200; ++i) {
    text += "line " + std::to_string(i) + " of a text answer worth compressing\n";
  }
  return text;
}();

std::string
gunzip(const std::string& compressed)
{
  z_stream stream{};
  EXPECT_EQ(inflateInit2(&stream, 15 + 16), Z_OK);
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  stream.avail_in = static_cast<uInt>(compressed.size());
  std::string out(1 << 20, '\0');
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&stream, Z_FINISH), Z_STREAM_END);
  out.resize(stream.total_out);
  inflateEnd(&stream);
  return out;
}

// The handler the tests talk to: a few routes, each exercising one server behaviour.
Response
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

ServerOptions
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

// A small synchronous HTTP/1.1 client on one connection.
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
    return parser.release();
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

std::string
header(const WireResponse& response, wire::field field)
{
  return std::string(response[field]);
}

TEST(HttpServer, get_round_trip)
{
  RunningServer server;
  Client client(server.port());
  const WireResponse response = client.get("/small");
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_EQ(response.body(), "hello");
  EXPECT_EQ(header(response, wire::field::content_type), "text/plain; charset=utf-8");
  EXPECT_EQ(header(response, wire::field::content_length), "5");
  EXPECT_EQ(header(response, wire::field::server), "infertrack");
  EXPECT_EQ(response["X-Content-Type-Options"], "nosniff");
  EXPECT_EQ(header(response, wire::field::etag).size(), 18U);
  EXPECT_TRUE(response.keep_alive());

  const WireResponse missing = client.get("/nowhere");
  EXPECT_EQ(missing.result_int(), 404);
  EXPECT_EQ(missing.body(), R"({"error":"not_found","detail":"no route for /nowhere"})");
  EXPECT_TRUE(header(missing, wire::field::etag).empty());
}

TEST(HttpServer, serves_concurrent_clients_on_several_threads)
{
  ServerOptions options = test_options();
  options.threads = 2;
  RunningServer server(options);
  constexpr int k_clients = 8;
  constexpr int k_requests = 50;
  std::vector<std::future<int>> clients;
  for (int c = 0; c < k_clients; ++c) {
    clients.push_back(std::async(std::launch::async, [port = server.port()] {
      Client client(port);
      int ok = 0;
      for (int i = 0; i < k_requests; ++i) {
        ok += client.get("/points/" + std::to_string(i)).result_int() == 200 ? 1 : 0;
      }
      return ok;
    }));
  }
  for (auto& client : clients) {
    EXPECT_EQ(client.get(), k_requests);
  }
  EXPECT_EQ(server.calls, k_clients * k_requests);
  // An answer is counted just after it is written, so look once the server is done.
  server.server().stop();
  ASSERT_TRUE(server.stops_within(2s));
  EXPECT_EQ(server.metrics().request_count("/points/{id}", 200),
            static_cast<std::uint64_t>(k_clients * k_requests));
}

TEST(HttpServer, writes_one_access_line_per_request)
{
  std::ostringstream lines;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(lines);
  sink->set_pattern("%v");
  spdlog::register_logger(std::make_shared<spdlog::logger>("test-access", sink));
  ServerOptions options = test_options();
  options.access_log = AccessLog::enabled;
  options.access_logger = "test-access";
  {
    RunningServer server(options);
    Client client(server.port());
    client.get("/small?secret=1");
    client.request(wire::verb::head, "/nowhere");
  }
  spdlog::drop("test-access");
  const std::regex k_line(R"(access method=GET path=/small status=200 bytes=5 duration_us=\d+ )"
                          R"(client=127\.0\.0\.1\n)"
                          R"(access method=HEAD path=/nowhere status=404 bytes=0 duration_us=\d+ )"
                          R"(client=127\.0\.0\.1\n)");
  EXPECT_TRUE(std::regex_match(lines.str(), k_line)) << lines.str();
}

TEST(HttpServer, passes_the_decoded_query_and_body_to_the_handler)
{
  RunningServer server;
  Client client(server.port());
  EXPECT_EQ(client.get("/echo?model=deep%20seek&n=1+2&model=x").body(),
            "GET /echo\nmodel=deep seek\nn=1 2\nmodel=x\nbody=\nclient=127.0.0.1");
  EXPECT_EQ(client.request(wire::verb::post, "/echo", {}, "payload").body(),
            "POST /echo\nbody=payload\nclient=127.0.0.1");

  const WireResponse malformed = client.get("/echo?x=%zz");
  EXPECT_EQ(malformed.result_int(), 400);
  EXPECT_EQ(malformed.body(), R"({"error":"bad_request","detail":"target:query: malformed )"
                              R"json(percent-escape (got \"%zz\", expected % and two hex digits)"})json");
  // A well-framed request with a bad target leaves the connection usable.
  EXPECT_EQ(client.get("/small").body(), "hello");
}

TEST(HttpServer, keeps_the_connection_alive_across_requests)
{
  RunningServer server;
  Client client(server.port());
  for (int i = 0; i < 3; ++i) {
    const WireResponse response = client.get("/small");
    EXPECT_EQ(response.body(), "hello");
    EXPECT_TRUE(response.keep_alive());
  }
  EXPECT_EQ(server.calls, 3);
}

TEST(HttpServer, closes_after_max_requests_per_connection)
{
  ServerOptions options = test_options();
  options.max_requests_per_connection = 2;
  RunningServer server(options);
  Client client(server.port());
  EXPECT_TRUE(client.get("/small").keep_alive());
  const WireResponse last = client.get("/small");
  EXPECT_EQ(last.body(), "hello");
  EXPECT_FALSE(last.keep_alive());
  EXPECT_TRUE(client.closed_by_server());
}

TEST(HttpServer, answers_head_like_get_without_a_body)
{
  RunningServer server;
  Client client(server.port());
  const WireResponse head = client.request(wire::verb::head, "/big");
  EXPECT_EQ(head.result_int(), 200);
  EXPECT_EQ(header(head, wire::field::content_length), std::to_string(k_big_text.size()));
  EXPECT_TRUE(head.body().empty());
  EXPECT_EQ(header(head, wire::field::etag), header(client.get("/big"), wire::field::etag));
  // The connection is still in step: no body bytes were left behind.
  EXPECT_EQ(client.get("/small").body(), "hello");
}

TEST(HttpServer, gzips_text_only_when_asked)
{
  RunningServer server;
  Client client(server.port());
  const WireResponse gzipped = client.get("/big", {{"Accept-Encoding", "gzip, deflate"}});
  EXPECT_EQ(header(gzipped, wire::field::content_encoding), "gzip");
  EXPECT_EQ(header(gzipped, wire::field::vary), "Accept-Encoding");
  EXPECT_LT(gzipped.body().size(), k_big_text.size());
  EXPECT_EQ(gunzip(gzipped.body()), k_big_text);

  const WireResponse plain = client.get("/big");
  EXPECT_TRUE(header(plain, wire::field::content_encoding).empty());
  EXPECT_EQ(header(plain, wire::field::vary), "Accept-Encoding");
  EXPECT_EQ(plain.body(), k_big_text);
  EXPECT_NE(header(plain, wire::field::etag), header(gzipped, wire::field::etag));

  const WireResponse small = client.get("/small", {{"Accept-Encoding", "gzip"}});
  EXPECT_TRUE(header(small, wire::field::content_encoding).empty());
  EXPECT_EQ(small.body(), "hello");
}

TEST(HttpServer, sends_the_precomputed_gzip_body)
{
  RunningServer server;
  Client client(server.port());
  const WireResponse response = client.get("/cached", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(response.body(), gzip_compress(k_big_text, 1));
  EXPECT_EQ(header(response, wire::field::cache_control), "max-age=60");
}

TEST(HttpServer, answers_304_to_a_matching_if_none_match)
{
  RunningServer server;
  Client client(server.port());
  const std::string etag = header(client.get("/big"), wire::field::etag);
  ASSERT_FALSE(etag.empty());

  const WireResponse not_modified = client.get("/big", {{"If-None-Match", etag}});
  EXPECT_EQ(not_modified.result_int(), 304);
  EXPECT_TRUE(not_modified.body().empty());
  EXPECT_EQ(header(not_modified, wire::field::etag), etag);

  const WireResponse gzip_not_modified =
    client.get("/big", {{"If-None-Match", etag}, {"Accept-Encoding", "gzip"}});
  EXPECT_EQ(gzip_not_modified.result_int(), 304);

  EXPECT_EQ(client.get("/big", {{"If-None-Match", "\"stale\""}}).result_int(), 200);
}

TEST(HttpServer, refuses_an_oversized_body_with_413)
{
  ServerOptions options = test_options();
  options.body_limit = 1024;
  RunningServer server(options);

  Client client(server.port());
  const WireResponse response = client.request(wire::verb::post, "/echo", {}, std::string(100'000, 'x'));
  EXPECT_EQ(response.result_int(), 413);
  EXPECT_EQ(header(response, wire::field::content_type), "application/json");
  EXPECT_EQ(response.body(),
            R"({"error":"payload_too_large","detail":"request body exceeds the limit of 1024 bytes"})");
  EXPECT_FALSE(response.keep_alive());
  EXPECT_EQ(server.calls, 0);

  // Chunked, so the size is only found while reading.
  RawClient chunked(server.port());
  chunked.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
               "800\r\n" + std::string(0x800, 'y') + "\r\n0\r\n\r\n");
  const auto answer = chunked.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 413")) << *answer;

  EXPECT_EQ(Client(server.port()).request(wire::verb::post, "/echo", {}, "fits").result_int(), 200);
}

TEST(HttpServer, refuses_oversized_headers_with_431)
{
  RunningServer server;
  Client client(server.port());
  const WireResponse response = client.get("/small", {{"X-Padding", std::string(10'000, 'p')}});
  EXPECT_EQ(response.result_int(), 431);
  EXPECT_EQ(response.body(), R"({"error":"header_too_large","detail":"request line and headers )"
                             R"(exceed the limit of 8192 bytes"})");
}

TEST(HttpServer, refuses_a_malformed_request_with_400)
{
  RunningServer server;
  RawClient raw(server.port());
  raw.send("NOT HTTP AT ALL\r\n\r\n");
  const auto answer = raw.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 400 Bad Request\r\n")) << *answer;
  EXPECT_NE(answer->find(R"({"error":"bad_request","detail":"malformed request: )"), std::string::npos);
}

TEST(HttpServer, drops_a_client_that_stalls_mid_request)
{
  ServerOptions options = test_options();
  options.read_timeout = 300ms;
  RunningServer server(options);

  RawClient stalled(server.port());
  stalled.send("GET /small HTTP/1.1\r\nHost: x\r\n");
  const auto start = std::chrono::steady_clock::now();
  const auto answer = stalled.read_until_closed(3s);
  ASSERT_TRUE(answer) << "still open after 3 s";
  EXPECT_TRUE(answer->empty());
  EXPECT_GE(std::chrono::steady_clock::now() - start, 250ms);
  EXPECT_EQ(server.calls, 0);
}

TEST(HttpServer, drops_a_client_that_drips_bytes)
{
  ServerOptions options = test_options();
  options.read_timeout = 300ms;
  RunningServer server(options);

  // One byte every 50 ms keeps each read short, but the deadline covers the whole request.
  RawClient drip(server.port());
  const std::string request = "GET /small HTTP/1.1\r\nHost: x\r\nX-Slow: " + std::string(100, 's');
  bool dropped = false;
  for (std::size_t i = 0; i < request.size() && !dropped; ++i) {
    try {
      drip.send(request.substr(i, 1));
    } catch (const boost::system::system_error&) {
      dropped = true;
    }
    dropped = dropped || drip.read_until_closed(50ms).has_value();
  }
  EXPECT_TRUE(dropped);
  EXPECT_EQ(server.calls, 0);
}

TEST(HttpServer, answers_500_when_the_handler_throws_and_keeps_serving)
{
  RunningServer server;
  Client client(server.port());
  const WireResponse failed = client.get("/throw");
  EXPECT_EQ(failed.result_int(), 500);
  EXPECT_EQ(failed.body(), R"({"error":"internal","detail":"internal error"})");
  EXPECT_TRUE(failed.keep_alive());
  EXPECT_EQ(client.get("/small").body(), "hello");
  EXPECT_EQ(Client(server.port()).get("/small").result_int(), 200);
}

TEST(HttpServer, refuses_connections_over_the_limit_with_503)
{
  ServerOptions options = test_options();
  options.max_connections = 1;
  RunningServer server(options);
  Client first(server.port());
  EXPECT_EQ(first.get("/small").result_int(), 200);

  RawClient second(server.port());
  const auto answer = second.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 503 Service Unavailable\r\n")) << *answer;
  EXPECT_EQ(first.get("/small").result_int(), 200);
}

TEST(HttpServer, stop_closes_idle_connections_promptly)
{
  RunningServer server;
  Client idle(server.port());
  EXPECT_EQ(idle.get("/small").result_int(), 200);
  RawClient silent(server.port()); // connected, never sent a byte

  const auto start = std::chrono::steady_clock::now();
  server.server().stop();
  EXPECT_TRUE(server.stops_within(1s));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 1s);
  EXPECT_TRUE(idle.closed_by_server());
}

TEST(HttpServer, stop_lets_an_answer_in_flight_finish)
{
  RunningServer server;
  auto slow = std::async(std::launch::async, [port = server.port()] {
    Client client(port);
    WireResponse response = client.get("/slow");
    EXPECT_TRUE(client.closed_by_server());
    return response;
  });
  while (server.calls == 0) {
    std::this_thread::sleep_for(5ms);
  }
  server.server().stop();
  const WireResponse response = slow.get();
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_EQ(response.body(), "slow done");
  EXPECT_FALSE(response.keep_alive());
  EXPECT_TRUE(server.stops_within(1s));
}

TEST(HttpServer, stop_before_run_returns_at_once)
{
  HttpServer server(test_options(), [](const Request&) { return Response::text(200, "x"); });
  server.stop();
  auto done = std::async(std::launch::async, [&] { server.run(); });
  EXPECT_EQ(done.wait_for(1s), std::future_status::ready);
}

TEST(HttpServer, stop_on_signals_stops_on_sigterm)
{
  HttpServer server(test_options(), [](const Request&) { return Response::text(200, "x"); });
  server.stop_on_signals();
  auto done = std::async(std::launch::async, [&] { server.run(); });
  std::this_thread::sleep_for(50ms);
  std::raise(SIGTERM);
  EXPECT_EQ(done.wait_for(2s), std::future_status::ready);
}

TEST(HttpServer, records_metrics_by_route_pattern)
{
  RunningServer server;
  Client client(server.port());
  client.get("/points/1");
  client.get("/points/2");
  client.get("/nowhere");
  const std::string text = client.get("/metrics").body();
  EXPECT_NE(text.find("infertrack_http_requests_total{route=\"/points/{id}\",status=\"200\"} 2\n"),
            std::string::npos)
    << text;
  EXPECT_NE(text.find("infertrack_http_requests_total{route=\"unrouted\",status=\"404\"} 1\n"),
            std::string::npos);
  EXPECT_NE(text.find("infertrack_http_request_duration_seconds_count{route=\"/points/{id}\"} 2\n"),
            std::string::npos);
  EXPECT_NE(text.find("infertrack_http_open_connections 1\n"), std::string::npos);
}

TEST(HttpServer, constructor_throws_when_the_port_is_taken)
{
  RunningServer first;
  ServerOptions options = test_options();
  options.port = first.port();
  const auto error_of = [](const ServerOptions& bad) {
    try {
      HttpServer server(bad, [](const Request&) { return Response::text(200, ""); });
    } catch (const std::runtime_error& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error_of(options),
            "cannot listen on 127.0.0.1:" + std::to_string(first.port()) + ": Address already in use");
  options.address = "not an address";
  EXPECT_EQ(error_of(options),
            "cannot listen on not an address:" + std::to_string(first.port()) + ": invalid address");
}

}  // namespace
}  // namespace infertrack::server::http
