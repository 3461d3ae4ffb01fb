#include "infertrack/server/tracker_handler.hpp"

#include "infertrack/server/api/api_routes.hpp"
#include "infertrack/server/http/route_table.hpp"
#include "infertrack/server/pages/page_routes.hpp"
#include "infertrack/server/response_cache.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>

namespace infertrack::server {
namespace {

// What a busy answer asks a client to wait: long enough for another server's write, and a short ingest's commit.
constexpr int k_busy_retry_after_seconds = 5;
// The methods HTTP defines (RFC 9110 9.3, and PATCH): the routes decide whether a resource allows one (405 naming those
// it does) or there is none (404). Any other method is unknown to the server, which is 501 (RFC 9110 9.1, 15.6.2).
constexpr std::array<std::string_view, 9> k_known_methods = {"GET",     "HEAD",    "POST",  "PUT",  "DELETE",
                                                             "CONNECT", "OPTIONS", "TRACE", "PATCH"};

class TrackerHandler : public std::enable_shared_from_this<TrackerHandler>
{
public:
  TrackerHandler(std::shared_ptr<store::Store> store, std::shared_ptr<http::Metrics> metrics,
                 community::CommunityOptions community)
    : m_store(store), m_metrics(std::move(metrics)), m_community(std::move(store), std::move(community))
  {
  }

  http::Response operator()(const http::Request& request)
  {
    if (std::ranges::find(k_known_methods, request.method) == k_known_methods.end()) {
      http::Response response =
        http::Response::error(501, "not_implemented", request.method + " is not a method this server implements");
      response.route = "unrouted";
      return response;
    }
    if (auto answer = service_answer(request)) {
      return *std::move(answer);
    }
    if (request.path.starts_with("/api/")) {
      // Outside m_store_mutex: a sign-in spends a tenth of a second hashing, and the store locks its own calls.
      if (auto answer = m_community.handle(request)) {
        return *std::move(answer);
      }
      return api(request);
    }
    {
      std::lock_guard lock(m_store_mutex);
      // The tracker page and the point pages depend on the stored data and the query only, so they are
      // cached like API answers; assets are prepared once at start-up anyway.
      const bool cached_page =
        request.method == "GET" && (request.path == "/" || request.path.starts_with("/points/"));
      const std::int64_t version = cached_page ? m_store->data_version() : 0;
      if (cached_page) {
        if (auto cached = m_cache.find(request.target, version)) {
          return *std::move(cached);
        }
      }
      if (auto page = pages::handle_page(request, *m_store)) {
        return cached_page ? m_cache.store(request.target, version, *std::move(page)) : *std::move(page);
      }
    }
    if (request.method == "GET") {
      // A mistyped link or "/points" without an id: a page a person reads, as for an unknown point.
      return pages::page_not_found(request.path);
    }
    http::Response response = http::Response::error(404, "not_found", "nothing at " + request.path);
    response.route = "unrouted";
    return response;
  }

private:
  // The routes a monitor calls, not a reader: health and metrics.
  static const http::RouteTable<TrackerHandler>& service_routes()
  {
    static const http::RouteTable<TrackerHandler> k_routes{
      {"GET", "/healthz", "/healthz", [](TrackerHandler& handler, const http::Request&, const http::RouteMatch&) {
         return handler.healthz();
       }},
      {"GET", "/metrics", "/metrics", [](TrackerHandler& handler, const http::Request&, const http::RouteMatch&) {
         return handler.metrics();
       }},
    };
    return k_routes;
  }

  // The answer of a service route, or nothing for any other path.
  std::optional<http::Response> service_answer(const http::Request& request)
  {
    const http::RouteLookup lookup = service_routes().find(request);
    if (lookup.route) {
      return service_routes().answer(lookup, *this, request);
    }
    if (lookup.allow.empty()) {
      return std::nullopt;
    }
    http::Response response = http::Response::error(405, "method_not_allowed", request.method + " is not allowed here");
    response.headers.emplace_back("Allow", lookup.allow);
    response.route = lookup.match.label;
    return response;
  }

  http::Response healthz()
  {
    std::lock_guard lock(m_store_mutex);
    http::Response response;
    try {
      m_store->check_health();
      // The version this instance answers from: behind a balancer, instances that differ have not all seen an ingest.
      response = http::Response::json(
        200, R"({"status":"ok","data_version":)" + std::to_string(m_store->data_version()) + "}");
    } catch (const store::StoreUnavailable&) {
      // A database server out of reach is an outage like for any request: 503 with Retry-After, logged once per
      // outage by the caller, not once per probe of a monitor.
      throw;
    } catch (const store::StoreError& error) {
      spdlog::error("health check failed: {}", error.what());
      response = http::Response::error(503, "unhealthy", error.what());
    }
    response.route = "/healthz";
    response.cache_control = "no-store";
    return response;
  }

  http::Response api(const http::Request& request)
  {
    std::lock_guard lock(m_store_mutex);
    const std::int64_t version = m_store->data_version();
    if (request.method == "GET") {
      if (auto cached = m_cache.find(request.target, version)) {
        return *std::move(cached);
      }
    }
    std::optional<http::Response> answer = api::handle_api(request, *m_store, &m_history_cache);
    if (!answer) {
      // Under /api/ but not /api/v1: no version of the API answers there.
      http::Response response = http::Response::error(404, "not_found", "no API route " + request.path);
      response.route = "unrouted";
      return response;
    }
    if (answer->body_parts) {
      // The parts read the store after this call has returned: each takes the store's lock, as a request does.
      answer->body_parts = [self = shared_from_this(), parts = std::move(answer->body_parts)](std::string& out) {
        std::lock_guard lock(self->m_store_mutex);
        return parts(out);
      };
    }
    return request.method == "GET" ? m_cache.store(request.target, version, *std::move(answer)) : *std::move(answer);
  }

  http::Response metrics()
  {
    std::vector<http::Gauge> gauges;
    {
      std::lock_guard lock(m_store_mutex);
      gauges.push_back({"infertrack_points", "Benchmark points stored", static_cast<double>(m_store->point_count())});
      gauges.push_back(
        {"infertrack_database_bytes", "Size of the database in bytes", static_cast<double>(m_store->size_bytes())});
      gauges.push_back({"infertrack_response_cache_bytes", "Bytes of answers held by the response cache",
                        static_cast<double>(m_cache.size_bytes())});
      gauges.push_back({"infertrack_history_cache_bytes", "Bytes of run frontiers held for history requests",
                        static_cast<double>(m_history_cache.size_bytes())});
    }
    http::Response response;
    response.content_type = "text/plain; version=0.0.4; charset=utf-8";
    response.body = m_metrics ? m_metrics->render_prometheus(gauges) : http::Metrics().render_prometheus(gauges);
    response.route = "/metrics";
    response.cache_control = "no-store";
    return response;
  }

  std::shared_ptr<store::Store> m_store;
  std::shared_ptr<http::Metrics> m_metrics;
  std::mutex m_store_mutex;
  ResponseCache m_cache;
  app::HistoryCache m_history_cache; // what a history request with a new target reuses
  community::CommunityRoutes m_community;
};

// Says once that the database went out of reach, and once that it is back: an outage under load fails every request,
// and a line per request would bury everything else in the log.
class OutageLog
{
public:
  void failed(const store::StoreUnavailable& error)
  {
    if (!m_down.exchange(true)) {
      spdlog::error("database unreachable; answering 503 until it is back: {}", error.what());
    }
  }
  void answered()
  {
    if (m_down.load(std::memory_order_relaxed) && m_down.exchange(false)) {
      spdlog::info("database reachable again");
    }
  }

private:
  std::atomic<bool> m_down{false};
};

}  // namespace

http::Handler
make_tracker_handler(std::shared_ptr<store::Store> store, std::shared_ptr<http::Metrics> metrics,
                     community::CommunityOptions community)
{
  auto handler = std::make_shared<TrackerHandler>(std::move(store), std::move(metrics), std::move(community));
  auto outage = std::make_shared<OutageLog>();
  return [handler, outage](const http::Request& request) {
    try {
      http::Response response = (*handler)(request);
      // Only an answer that read the database says it is back: assets are served without it.
      if (response.status < 500 && !response.route.starts_with("/assets/")) {
        outage->answered();
      }
      return response;
    } catch (const store::StoreUnavailable& unavailable) {
      outage->failed(unavailable);
      http::Response response = http::Response::error(
        503, "unavailable", "the database cannot be reached just now; try again in a few seconds");
      response.headers.emplace_back("Retry-After", std::to_string(k_busy_retry_after_seconds));
      return response;
    } catch (const store::StoreBusy& busy) {
      // Another process holds the write lock (an ingest commits in one transaction): a moment later it will not.
      spdlog::warn("database busy: method={} path={} error={}", request.method, request.path, busy.what());
      http::Response response = http::Response::error(
        503, "busy", "the database is busy with another writer (an ingest, say); try again in a few seconds");
      response.headers.emplace_back("Retry-After", std::to_string(k_busy_retry_after_seconds));
      return response;
    } catch (const store::StoreReadOnly& read_only) {
      spdlog::warn("database read-only: method={} path={} error={}", request.method, request.path, read_only.what());
      return http::Response::error(
        503, "read_only",
        "the database is read-only here: the tracker can be read, but accounts, sign-ins and comments cannot be saved");
    }
  };
}

}  // namespace infertrack::server
