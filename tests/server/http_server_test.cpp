#include "infertrack/server/http/http_server.hpp"

#include "server/http_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <cmath>
#include <ctime>
#include <iomanip>
#include <regex>
#include <sstream>

namespace infertrack::server::http {
namespace {

using namespace test_support;

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
  // A handler that sets no policy of its own gets one that lets nothing run in, load from or frame the answer.
  EXPECT_THAT(std::string(response["Content-Security-Policy"]), testing::HasSubstr("default-src 'none'"));
  EXPECT_EQ(response["X-Frame-Options"], "DENY");
  EXPECT_EQ(response["Referrer-Policy"], "same-origin");
  EXPECT_EQ(header(response, wire::field::etag).size(), 18U);
  EXPECT_TRUE(response.keep_alive());
  // RFC 9110 6.6.1: the date of the answer, as IMF-fixdate, within a few seconds of now.
  const std::string date = header(response, wire::field::date);
  EXPECT_TRUE(std::regex_match(date, std::regex(R"((Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT)")))
    << date;
  std::tm parsed{};
  std::istringstream(date) >> std::get_time(&parsed, "%a, %d %b %Y %H:%M:%S GMT");
  EXPECT_LE(std::abs(static_cast<double>(timegm(&parsed) - std::time(nullptr))), 5.0) << date;

  const WireResponse missing = client.get("/nowhere");
  EXPECT_EQ(missing.result_int(), 404);
  EXPECT_EQ(missing.body(), R"({"error":"not_found","detail":"no route for /nowhere"})");
  EXPECT_TRUE(header(missing, wire::field::etag).empty());
}

// Behind a trusted reverse proxy the client is the one X-Forwarded-For names, request by request (a proxy sends many
// clients' requests over one connection); from any other peer the header is ignored.
TEST(HttpServer, a_trusted_proxy_names_each_requests_client)
{
  ServerOptions options = test_options();
  options.trusted_proxies = {"127.0.0.1"};
  RunningServer behind_proxy(options);
  Client proxy(behind_proxy.port());
  EXPECT_THAT(proxy.get("/echo", {{"X-Forwarded-For", "203.0.113.9"}}).body(), testing::HasSubstr("\nclient=203.0.113.9"));
  EXPECT_THAT(proxy.get("/echo", {{"X-Forwarded-For", "6.6.6.6, 198.51.100.20"}}).body(),
              testing::HasSubstr("\nclient=198.51.100.20"));
  EXPECT_THAT(proxy.get("/echo").body(), testing::HasSubstr("\nclient=127.0.0.1"));

  RunningServer direct;
  Client visitor(direct.port());
  EXPECT_THAT(visitor.get("/echo", {{"X-Forwarded-For", "203.0.113.9"}}).body(), testing::HasSubstr("\nclient=127.0.0.1"));
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

// How long a GET waits while a slow POST (300 ms in its handler) is being answered, on one worker thread.
std::chrono::milliseconds
get_latency_during_a_slow_write(int write_threads)
{
  ServerOptions options = test_options();
  options.threads = 1;
  options.write_threads = write_threads;
  RunningServer server(options);
  auto write = std::async(std::launch::async, [port = server.port()] {
    Client client(port);
    return client.request(wire::verb::post, "/slow", {{"Content-Type", "application/json"}}, "{}").result_int();
  });
  std::this_thread::sleep_for(50ms); // the POST is in its handler by now
  const auto start = std::chrono::steady_clock::now();
  Client reader(server.port());
  EXPECT_EQ(reader.get("/small").result_int(), 200);
  const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  EXPECT_EQ(write.get(), 200);
  return waited;
}

TEST(HttpServer, a_slow_write_does_not_stall_reads_on_the_connection_workers)
{
  EXPECT_LT(get_latency_during_a_slow_write(2), 150ms);
  // The control: with writes on the one worker, the read waits for the write's handler.
  EXPECT_GE(get_latency_during_a_slow_write(0), 150ms);
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

TEST(HttpServer, skips_empty_lines_before_a_request_line)
{
  using namespace std::chrono_literals;
  RunningServer server;
  RawClient raw(server.port());
  // An empty line first, and a CRLF after a POST body before the next, pipelined request.
  raw.send("\r\nPOST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nbody\r\n"
           "GET /small HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const auto answer = raw.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 200 ")) << *answer;
  const std::size_t second = answer->find("HTTP/1.1 ", 1);
  ASSERT_NE(second, std::string::npos) << *answer;
  EXPECT_TRUE(answer->compare(second, 13, "HTTP/1.1 200 ") == 0) << *answer;
  EXPECT_TRUE(answer->ends_with("hello")) << *answer;
  EXPECT_EQ(server.calls, 2);
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

// An answer made a part at a time goes out as it is made: chunked, with no length and no ETag, compressed as it goes
// for a client that takes gzip; HTTP/1.0 has no chunks, so its body ends with the connection.
TEST(HttpServer, sends_an_answer_made_in_parts_as_its_parts_come)
{
  RunningServer server;
  Client client(server.port());
  const WireResponse plain = client.get("/parts");
  EXPECT_EQ(plain.result_int(), 200);
  EXPECT_EQ(plain.body(), k_parts_text);
  EXPECT_EQ(header(plain, wire::field::transfer_encoding), "chunked");
  EXPECT_TRUE(header(plain, wire::field::content_length).empty());
  EXPECT_TRUE(header(plain, wire::field::etag).empty());
  EXPECT_EQ(plain["X-Frame-Options"], "DENY");
  EXPECT_TRUE(plain.keep_alive());

  const WireResponse gzipped = client.get("/parts", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(header(gzipped, wire::field::content_encoding), "gzip");
  EXPECT_EQ(header(gzipped, wire::field::vary), "Accept-Encoding");
  EXPECT_LT(gzipped.body().size(), k_parts_text.size() / 4);
  EXPECT_EQ(gunzip(gzipped.body()), k_parts_text);

  const WireResponse head = client.request(wire::verb::head, "/parts");
  EXPECT_EQ(head.result_int(), 200);
  EXPECT_TRUE(head.body().empty());
  // Still in step: neither answer left a byte behind.
  EXPECT_EQ(client.get("/small").body(), "hello");

  RawClient old_client(server.port());
  old_client.send("GET /parts HTTP/1.0\r\n\r\n");
  const std::optional<std::string> received = old_client.read_until_closed(5s);
  ASSERT_TRUE(received.has_value());
  EXPECT_EQ(received->find("Transfer-Encoding"), std::string::npos);
  EXPECT_TRUE(received->ends_with("\r\n\r\n" + k_parts_text)) << received->substr(0, 400);
}

// A part that cannot be made ends the connection before the body's end, so that no client takes a part for the whole.
TEST(HttpServer, breaks_off_an_answer_whose_part_fails)
{
  RunningServer server;
  for (const std::string_view version : {"1.1", "1.0"}) {
    RawClient client(server.port());
    client.send("GET /broken-parts HTTP/" + std::string(version) + "\r\nHost: x\r\n\r\n");
    const std::optional<std::string> received = client.read_until_closed(5s);
    ASSERT_TRUE(received.has_value()) << version;
    EXPECT_THAT(*received, testing::StartsWith("HTTP/" + std::string(version) + " 200")) << version;
    EXPECT_THAT(*received, testing::HasSubstr("head\n")) << version;
    // Chunked: no last chunk ("0" and an empty line) ends it.
    EXPECT_FALSE(received->ends_with("0\r\n\r\n")) << version;
  }
  Client other(server.port());
  EXPECT_EQ(other.get("/small").body(), "hello");
}

// An answer in parts gets ten write timeouts in all, however steadily the client reads it: then it is broken off.
TEST(HttpServer, breaks_off_an_answer_in_parts_past_ten_write_timeouts)
{
  ServerOptions options = test_options();
  options.write_timeout = 200ms;
  RunningServer server(options);
  for (const std::string_view version : {"1.1", "1.0"}) {
    RawClient client(server.port());
    const auto start = std::chrono::steady_clock::now();
    client.send("GET /endless-parts HTTP/" + std::string(version) + "\r\nHost: x\r\n\r\n");
    const std::optional<std::string> received = client.read_until_closed(10s);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(received.has_value()) << version << ": still open after 10 s";
    EXPECT_GE(elapsed, 1900ms) << version;
    EXPECT_LT(elapsed, 6s) << version;
    EXPECT_THAT(*received, testing::HasSubstr("more\n")) << version;
    EXPECT_FALSE(received->ends_with("0\r\n\r\n")) << version;
  }
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

TEST(HttpServer, returns_free_heap_once_a_period_and_only_after_answering)
{
  ServerOptions options = test_options();
  options.heap_release_interval = 20ms;
  RunningServer server(options);
  std::this_thread::sleep_for(150ms); // several periods without a request
  EXPECT_EQ(server.metrics().heap_release_count(), 0U);

  Client client(server.port());
  ASSERT_EQ(client.get("/big").result_int(), 200);
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (server.metrics().heap_release_count() == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(5ms);
  }
  const std::uint64_t released = server.metrics().heap_release_count();
  EXPECT_EQ(released, 1U);
  std::this_thread::sleep_for(150ms);
  EXPECT_EQ(server.metrics().heap_release_count(), released);
  EXPECT_NE(client.get("/metrics").body().find("infertrack_heap_releases_total 1\n"), std::string::npos);

  // Turned off: never, whatever was answered.
  options.heap_release_interval = 0ms;
  RunningServer quiet(options);
  Client quiet_client(quiet.port());
  ASSERT_EQ(quiet_client.get("/big").result_int(), 200);
  std::this_thread::sleep_for(150ms);
  EXPECT_EQ(quiet.metrics().heap_release_count(), 0U);
}

}  // namespace
}  // namespace infertrack::server::http
