#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace infertrack::server::http {

// Whether each answered request gets an access-log line (benchmarks turn it off).
enum class AccessLog
{
  enabled,
  disabled,
};

// Every limit that keeps one client from holding the server, named so that none is a magic number
// inside a session.
struct ServerOptions
{
  std::string address = "127.0.0.1";
  // 0 picks a free port; HttpServer::port() tells which.
  std::uint16_t port = 8080;
  // Worker threads running the connections.
  int threads = 1;
  // Threads that run the handler for requests that change state (any method but GET and HEAD): a sign-in
  // spends a tenth of a second hashing its password, which must not stall the connections' workers.
  // 0 runs them on the connections' workers like every other request.
  int write_threads = 2;

  // Largest request body accepted; a larger one is answered 413.
  std::size_t body_limit = 64 * 1024;
  // Largest request line plus header fields accepted; larger is answered 431. At most 48 KiB: Beast cannot hold a
  // field of 64 KiB, and the read buffer holds a little more than this (session.cpp).
  std::size_t header_limit = 8 * 1024;

  // Time allowed for a whole request once its first byte came (and for the first request of a
  // connection to arrive): a client sending byte by byte (slowloris) is dropped after it.
  std::chrono::milliseconds read_timeout{10'000};
  // Time a keep-alive connection may sit idle between requests.
  std::chrono::milliseconds idle_timeout{30'000};
  // Time allowed to write one answer to a client that reads slowly.
  std::chrono::milliseconds write_timeout{30'000};
  // On stop(), time in-flight answers get to finish before their connections are cut.
  std::chrono::milliseconds shutdown_timeout{5'000};

  // Requests served on one connection before it is closed, so that load spreads over reconnections.
  std::size_t max_requests_per_connection = 10'000;
  // Open connections; one more is answered 503 and closed.
  std::size_t max_connections = 1'024;

  // After a period in which requests were answered, the heap's free pages go back to the operating system
  // (see free_heap.hpp); 0 never. Once a period at most, so a busy server pays for it rarely.
  std::chrono::milliseconds heap_release_interval{1'000};

  // Smallest text-like body worth gzip-compressing; below it the header overhead eats the gain.
  std::size_t gzip_min_size = 1'024;

  // Reverse proxies (canonical addresses, client_network.hpp) whose X-Forwarded-For names the client: behind one, every
  // connection comes from it, and per-client limits would count all visitors as one. Empty: the peer is the client.
  std::vector<std::string> trusted_proxies;

  AccessLog access_log = AccessLog::enabled;
  // The spdlog logger that gets access lines, looked up when the server is built; the default
  // logger when none has this name. Its sink sets the cost: spdlog's console sinks flush (a write
  // call) on every line, a file or async sink does not.
  std::string access_logger = "access";
  // The Server header value.
  std::string server_name = "infertrack";
};

}  // namespace infertrack::server::http
