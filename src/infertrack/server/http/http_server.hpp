#pragma once

#include "infertrack/server/http/handler.hpp"
#include "infertrack/server/http/metrics.hpp"
#include "infertrack/server/http/server_options.hpp"

#include <cstdint>
#include <memory>

namespace infertrack::server::http {

// An HTTP/1.1 server: one coroutine per connection, each held to the limits in ServerOptions, every
// request passed to one Handler. Beast and Asio stay behind the pointer to the implementation, so
// that only http_server.cpp compiles them.
class HttpServer
{
public:
  // Listens on `options`.address:port at once (so port() is known before run()), answering with
  // `handler` and recording into `metrics` when it is not null. Throws std::runtime_error when the
  // address is invalid or the port cannot be bound.
  HttpServer(ServerOptions options, Handler handler, std::shared_ptr<Metrics> metrics = nullptr);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // The port actually bound, which differs from the requested one when that was 0.
  std::uint16_t port() const;

  // Serves on ServerOptions::threads threads (this one included) until stop() has finished; call once.
  void run();

  // Graceful stop, callable from any thread (a handler or a signal too), before or during run():
  // stops accepting, closes idle connections, lets answers in flight finish for at most
  // ServerOptions::shutdown_timeout, then cuts the rest; run() then returns.
  void stop();

  // Makes SIGINT and SIGTERM call stop(); a second signal then has its default effect (kills), for
  // an operator who does not want to wait. Call before run().
  void stop_on_signals();

private:
  class Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace infertrack::server::http
