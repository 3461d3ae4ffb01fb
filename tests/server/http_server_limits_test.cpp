#include "infertrack/server/http/http_server.hpp"

#include "server/http_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <thread>

namespace infertrack::server::http {
namespace {

using namespace test_support;

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
  // A refusal made before any handler ran carries the security headers of every answer.
  EXPECT_THAT(std::string(response["Content-Security-Policy"]), testing::HasSubstr("frame-ancestors 'none'"));
  EXPECT_EQ(response["X-Frame-Options"], "DENY");
  EXPECT_EQ(response["Referrer-Policy"], "same-origin");

  // Chunked, so the size is only found while reading.
  RawClient chunked(server.port());
  chunked.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
               "800\r\n" + std::string(0x800, 'y') + "\r\n0\r\n\r\n");
  const auto answer = chunked.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 413")) << *answer;

  EXPECT_EQ(Client(server.port()).request(wire::verb::post, "/echo", {}, "fits").result_int(), 200);
}

TEST(HttpServer, refuses_a_request_line_over_the_head_limit_with_414)
{
  RunningServer server;
  RawClient raw(server.port());
  raw.send("GET /small?q=" + std::string(20'000, 'q') + " HTTP/1.1\r\nHost: x\r\n\r\n");
  const auto answer = raw.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 414 ")) << answer->substr(0, 200);
  EXPECT_NE(answer->find("\"uri_too_long\""), std::string::npos) << *answer;
  // A target that fits, followed by too many header bytes, is still 431.
  Client client(server.port());
  EXPECT_EQ(client.get("/small?q=short", {{"X-Padding", std::string(10'000, 'p')}}).result_int(), 431);
  // So it is when the request line arrives in two parts (its start read before the rest of the head came).
  RawClient split(server.port());
  split.send("GET /small?q=" + std::string(2'000, 'q'));
  std::this_thread::sleep_for(100ms);
  split.send(" HTTP/1.1\r\nHost: x\r\nCookie: " + std::string(10'000, 'c') + "\r\n\r\n");
  const auto split_answer = split.read_until_closed(2s);
  ASSERT_TRUE(split_answer);
  EXPECT_TRUE(split_answer->starts_with("HTTP/1.1 431 ")) << split_answer->substr(0, 200);
  // A too-long request line after a large request on one connection: the line's end, read into room the first
  // request left, lies past the limit and does not count.
  RawClient pipelined(server.port());
  pipelined.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 12000\r\n\r\n" + std::string(12'000, 'b') +
                 "GET /small?q=" + std::string(9'000, 'q') + " HTTP/1.1\r\nHost: x\r\n\r\n");
  const auto pipelined_answer = pipelined.read_until_closed(2s);
  ASSERT_TRUE(pipelined_answer);
  const std::size_t second = pipelined_answer->find("HTTP/1.1 ", 1);
  ASSERT_NE(second, std::string::npos) << pipelined_answer->substr(0, 200);
  EXPECT_EQ(pipelined_answer->compare(second, 13, "HTTP/1.1 414 "), 0) << pipelined_answer->substr(second, 200);
}

// The chunk size line and the trailer fields are read whole into the read buffer, which Beast does not bound: an endless
// chunk extension grew it without end, and a trailer field over 64 KiB threw out of the read and stopped the server.
TEST(HttpServer, refuses_oversized_chunk_framing_with_413_and_keeps_serving)
{
  RunningServer server;
  const std::string head = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (const std::string& body : {"1\r\nx\r\n0\r\nX-Trailer: " + std::string(100'000, 't') + "\r\n\r\n",
                                  "1;" + std::string(200'000, 'e')}) {
    RawClient raw(server.port());
    raw.send(head + body);
    const auto answer = raw.read_until_closed(3s);
    ASSERT_TRUE(answer);
    EXPECT_TRUE(answer->starts_with("HTTP/1.1 413 ")) << answer->substr(0, 200);
    EXPECT_NE(answer->find("a chunk's size line or the trailer fields exceed the limit of 8192 bytes"),
              std::string::npos)
      << *answer;
    EXPECT_EQ(Client(server.port()).get("/small").result_int(), 200) << "still serving";
  }
  EXPECT_EQ(server.calls, 2) << "only the two /small requests reached the handler";

  // Trailers and extensions within the room are read as before.
  RawClient fits(server.port());
  fits.send(head + "4;name=value\r\nbody\r\n0\r\nX-Trailer: t\r\nConnection: close\r\n\r\n");
  const auto answer = fits.read_until_closed(3s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 200 ")) << *answer;
  EXPECT_NE(answer->find("body=body"), std::string::npos) << *answer;
}

// RFC 9110 15.6.6 and 2.5: another major version is refused with 505, a later HTTP/1 minor version read as HTTP/1.1.
TEST(HttpServer, answers_505_to_another_major_version_and_a_later_minor_one_as_1_1)
{
  RunningServer server;
  for (const std::string version : {"2.0", "3.0", "0.9"}) {
    RawClient raw(server.port());
    raw.send("GET /small HTTP/" + version + "\r\nHost: x\r\n\r\n");
    const auto answer = raw.read_until_closed(2s);
    ASSERT_TRUE(answer);
    EXPECT_TRUE(answer->starts_with("HTTP/1.1 505 HTTP Version Not Supported\r\n")) << *answer;
    EXPECT_NE(answer->find("(got HTTP/" + version + ")"), std::string::npos) << *answer;
  }
  RawClient later(server.port());
  later.send("GET /small HTTP/1.2\r\nHost: x\r\nConnection: close\r\n\r\n");
  const auto answer = later.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 200 OK\r\n")) << *answer;
  EXPECT_TRUE(answer->ends_with("hello")) << *answer;
  // Not the digits Beast's grammar takes: still 400.
  for (const std::string version : {"HTTP/1.10", "HTTP/x.y", "http/1.1"}) {
    RawClient raw(server.port());
    raw.send("GET /small " + version + "\r\nHost: x\r\n\r\n");
    const auto refused = raw.read_until_closed(2s);
    ASSERT_TRUE(refused);
    EXPECT_TRUE(refused->starts_with("HTTP/1.1 400 ")) << version << ": " << *refused;
  }
  EXPECT_EQ(server.calls, 1);
}

// RFC 9112 3: a method longer than any the server implements is 501, not a target too long.
TEST(HttpServer, refuses_a_method_over_the_head_limit_with_501)
{
  RunningServer server;
  RawClient raw(server.port());
  raw.send(std::string(10'000, 'G') + " / HTTP/1.1\r\nHost: x\r\n\r\n");
  const auto answer = raw.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.1 501 Not Implemented\r\n")) << answer->substr(0, 200);
  EXPECT_NE(answer->find("\"not_implemented\""), std::string::npos);
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

// A body not framed by chunked last is refused and the connection closed: what follows the header must never be
// read as a request of its own (smuggled past a proxy that framed it otherwise).
TEST(HttpServer, refuses_a_transfer_coding_that_does_not_end_in_chunked)
{
  RunningServer server;
  for (const std::string& request : {
         std::string("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"
                     "GET /smuggled HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
         std::string("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n"),
         std::string("POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")}) {
    RawClient raw(server.port());
    raw.send(request);
    const auto answer = raw.read_until_closed(2s);
    ASSERT_TRUE(answer) << request;
    EXPECT_TRUE(answer->starts_with("HTTP/1.1 400 Bad Request\r\n")) << *answer;
    EXPECT_EQ(answer->find("HTTP/1.1", 1), std::string::npos) << "one answer only: " << *answer;
  }
  EXPECT_EQ(server.calls, 0);
  EXPECT_EQ(Client(server.port()).request(wire::verb::post, "/echo", {}, "fits").result_int(), 200);
}

TEST(HttpServer, refuses_an_http_1_1_request_without_exactly_one_host)
{
  RunningServer server;
  for (const std::string& request : {std::string("GET /small HTTP/1.1\r\n\r\n"),
                                    std::string("GET /small HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")}) {
    RawClient raw(server.port());
    raw.send(request);
    const auto answer = raw.read_until_closed(2s);
    ASSERT_TRUE(answer) << request;
    EXPECT_TRUE(answer->starts_with("HTTP/1.1 400 Bad Request\r\n")) << *answer;
    EXPECT_NE(answer->find("exactly one Host header"), std::string::npos) << *answer;
  }
  EXPECT_EQ(server.calls, 0);
  RawClient old(server.port());
  old.send("GET /small HTTP/1.0\r\n\r\n");  // HTTP/1.0 has no Host requirement
  const auto answer = old.read_until_closed(2s);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(answer->starts_with("HTTP/1.0 200")) << *answer;
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

// A client that reads slowly holds its answer until it has read it: 500 of them held 45 MB of copies of one cached
// answer. Large answers share a budget of bytes in flight; one that would pass it is refused with 503 busy.
TEST(HttpServer, answers_503_busy_when_slow_readers_hold_the_budget_of_large_answers)
{
  const std::string huge(12 * 1024 * 1024, 'h');
  HttpServer server(test_options(), [&huge](const Request& request) {
    return Response::text(200, request.path == "/huge" ? huge : "small");
  });
  auto running = std::async(std::launch::async, [&] { server.run(); });

  // Reads nothing yet: 12 MB is more than the socket buffers take, so the server is still writing it.
  RawClient slow(server.port());
  slow.send("GET /huge HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  std::this_thread::sleep_for(300ms);

  RawClient second(server.port());
  second.send("GET /huge HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const auto refused = second.read_until_closed(3s);
  ASSERT_TRUE(refused);
  EXPECT_TRUE(refused->starts_with("HTTP/1.1 503 Service Unavailable\r\n")) << refused->substr(0, 300);
  EXPECT_NE(refused->find("\r\nRetry-After: 1\r\n"), std::string::npos) << refused->substr(0, 300);
  EXPECT_NE(refused->find(R"("error":"busy")"), std::string::npos) << refused->substr(0, 300);
  // Small answers are not held back.
  RawClient small(server.port());
  small.send("GET /small HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const auto answered = small.read_until_closed(3s);
  ASSERT_TRUE(answered);
  EXPECT_TRUE(answered->starts_with("HTTP/1.1 200 OK\r\n")) << *answered;

  // Once the slow reader has its answer, the budget is free again.
  const auto whole = slow.read_until_closed(10s);
  ASSERT_TRUE(whole);
  EXPECT_TRUE(whole->starts_with("HTTP/1.1 200 OK\r\n"));
  EXPECT_TRUE(whole->ends_with(huge.substr(0, 1000)));
  EXPECT_GT(whole->size(), huge.size());
  RawClient later(server.port());
  later.send("GET /huge HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const auto again = later.read_until_closed(10s);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->starts_with("HTTP/1.1 200 OK\r\n")) << again->substr(0, 300);

  server.stop();
  running.wait();
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
  // Every answer has a Date, this prebuilt one too, and its body is whole.
  EXPECT_THAT(*answer, testing::ContainsRegex("\r\nDate: [A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} "
                                              "[0-9]{2}:[0-9]{2}:[0-9]{2} GMT\r\n"));
  EXPECT_TRUE(answer->ends_with("{\"error\":\"overloaded\",\"detail\":\"too many open connections\"}")) << *answer;
  EXPECT_THAT(*answer, testing::HasSubstr("\r\nContent-Security-Policy: default-src 'none';"));
  EXPECT_THAT(*answer, testing::HasSubstr("\r\nX-Frame-Options: DENY\r\n"));
  EXPECT_THAT(*answer, testing::HasSubstr("\r\nReferrer-Policy: same-origin\r\n"));
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
