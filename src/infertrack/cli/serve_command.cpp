#include "infertrack/cli/account_input.hpp"
#include "infertrack/cli/command_context.hpp"

#include "infertrack/server/http/client_network.hpp"
#include "infertrack/server/http/http_server.hpp"
#include "infertrack/server/tracker_handler.hpp"
#include "infertrack/store/open_store.hpp"
#include "infertrack/store/replicated_store.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <memory>

namespace infertrack::cli {
namespace {

struct ServeFlags
{
  std::string listen = "127.0.0.1:8080";
  int threads = 1;
  int write_threads = 2;
  bool quiet = false;
  security::HashCost password_hash_cost = security::HashCost::interactive;
  bool secure_cookies = false;
  std::vector<std::string> trusted_proxies;
  std::vector<std::string> read_databases;
};

// "HOST:PORT", "[v6]:PORT" or ":PORT" (loopback).
server::http::ServerOptions
listen_options(const std::string& listen)
{
  const std::size_t colon = listen.rfind(':');
  if (colon == std::string::npos) {
    throw UsageError("--listen: expected HOST:PORT, e.g. 127.0.0.1:8080 (got '" + listen + "')");
  }
  server::http::ServerOptions options;
  std::string host = listen.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  options.address = host.empty() ? "127.0.0.1" : host;
  const std::string port = listen.substr(colon + 1);
  unsigned value = 0;
  const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (error != std::errc() || end != port.data() + port.size() || value > 65535) {
    throw UsageError("--listen: the port must be a number from 0 to 65535 (got '" + port + "')");
  }
  options.port = static_cast<std::uint16_t>(value);
  return options;
}

void
run_serve(const GlobalOptions& global, const ServeFlags& flags)
{
  if (global.json || global.csv) {
    throw UsageError(std::string(global.json ? "--json" : "--csv") +
                     ": serve prints no answer to format (the API answers JSON)");
  }
  server::http::ServerOptions options = listen_options(flags.listen);
  if (flags.threads < 1 || flags.threads > 64) {
    throw UsageError(fmt::format("--threads: expected 1 to 64 (got {})", flags.threads));
  }
  options.threads = flags.threads;
  if (flags.write_threads < 0 || flags.write_threads > 64) {
    throw UsageError(fmt::format("--write-threads: expected 0 to 64 (got {})", flags.write_threads));
  }
  options.write_threads = flags.write_threads;
  for (const std::string& proxy : flags.trusted_proxies) {
    const std::optional<std::string> address = server::http::canonical_address(proxy);
    if (!address) {
      throw UsageError("--trusted-proxy: expected an IP address, e.g. 127.0.0.1 (got '" + proxy + "')");
    }
    options.trusted_proxies.push_back(*address);
  }
  options.access_log = flags.quiet ? server::http::AccessLog::disabled : server::http::AccessLog::enabled;
  server::community::CommunityOptions community;
  community.accounts.hash_cost = flags.password_hash_cost;
  community.cookies = flags.secure_cookies ? server::http::CookieTransport::secure
                                           : server::http::CookieTransport::plain;
  std::vector<std::unique_ptr<store::Store>> replicas;
  for (const std::string& replica : flags.read_databases) {
    replicas.push_back(store::open_store(replica));
  }
  std::shared_ptr<store::Store> store = store::replicated_store(open_database(global), std::move(replicas));
  if (store->read_only()) {
    spdlog::warn("the database file is read-only (it cannot be opened for writing): the tracker is served,"
                 " but sign-ups, sign-ins and comments are refused with 503");
  }
  auto metrics = std::make_shared<server::http::Metrics>();
  server::http::HttpServer http(options, server::make_tracker_handler(store, metrics, std::move(community)), metrics);
  http.stop_on_signals();
  // The bound port on stdout, so scripts and tests that asked for port 0 can find the server.
  fmt::print("infertrack serving http://{}:{}/\n", options.address, http.port());
  std::fflush(stdout);
  http.run();
  spdlog::info("stopped");
}

}  // namespace

void
add_serve_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<ServeFlags>();
  CLI::App* command = app.add_subcommand("serve", "Serve the web tracker and its JSON API");
  command->add_option("--listen", flags->listen, "Address and port; port 0 picks a free one")->capture_default_str();
  command->add_option("--threads", flags->threads, "Worker threads")->capture_default_str();
  command->add_option("--write-threads", flags->write_threads,
                      "Threads for requests that change state (sign-ins hash passwords there); 0: the workers")
    ->capture_default_str();
  command->add_flag("--quiet", flags->quiet, "No access log");
  add_password_hash_cost_option(*command, flags->password_hash_cost);
  command->add_flag("--secure-cookies", flags->secure_cookies,
                    "Mark cookies Secure: clients reach the server over TLS (directly or through a TLS proxy)");
  command->add_option("--trusted-proxy", flags->trusted_proxies,
                      "A reverse proxy's IP address (repeatable): requests from it name their client in X-Forwarded-For,"
                      " which per-client limits then count");
  command->add_option("--read-db", flags->read_databases,
                      "A read replica of --db (repeatable): benchmark reads go to a replica that has caught up with the"
                      " primary's data version; writes, sign-ins and comments stay on --db");
  command->callback([&options, flags] { run_serve(options, *flags); });
}

}  // namespace infertrack::cli
