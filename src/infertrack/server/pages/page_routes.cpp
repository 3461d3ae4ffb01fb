#include "infertrack/server/pages/page_routes.hpp"

#include "infertrack/server/http/etag.hpp"
#include "infertrack/server/http/gzip.hpp"
#include "infertrack/server/http/route_table.hpp"
#include "infertrack/server/pages/atom_feed.hpp"
#include "infertrack/server/pages/compare_page.hpp"
#include "infertrack/server/pages/embed_page.hpp"
#include "infertrack/server/pages/point_page.hpp"
#include "infertrack/server/pages/tracker_page.hpp"
#include "infertrack/server/pages/web_assets.hpp"

#include <map>
#include <memory>

namespace infertrack::server::pages {
namespace {

constexpr std::string_view k_html = "text/html; charset=utf-8";

// A hashed asset name names exact bytes, so browsers and proxies may keep it for a year unasked.
constexpr std::string_view k_cache_forever = "public, max-age=31536000, immutable";
// Pages change when data is ingested: reuse them only after the ETag is checked.
constexpr std::string_view k_cache_revalidate = "no-cache";

// Scripts and styles only from this server; inline styles stay allowed because the chart library sets
// element styles. The initial-state JSON is a data block, which script-src does not govern.
// Assets are compressed once at start-up, so the smallest form is worth its extra milliseconds.
constexpr int k_asset_gzip_level = 9;

constexpr std::string_view k_page_security_policy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
  "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";
// An embedded chart (/embed/*) is made to be framed by any site; otherwise the same policy.
constexpr std::string_view k_embed_security_policy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
  "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors *; object-src 'none'";

// Whether other sites may show a page in a frame: only the embeds may.
enum class Framing
{
  denied,
  allowed,
};

http::Response
html_response(int status, std::string body, std::string_view route, Framing framing = Framing::denied)
{
  http::Response response;
  response.status = status;
  response.content_type = std::string(k_html);
  response.body = std::move(body);
  response.route = std::string(route);
  response.cache_control = std::string(k_cache_revalidate);
  // X-Content-Type-Options comes with every answer from the HTTP layer.
  response.headers = {{"Content-Security-Policy", std::string(framing == Framing::allowed ? k_embed_security_policy
                                                                                       : k_page_security_policy)},
                      {"Referrer-Policy", "same-origin"}};
  if (framing == Framing::denied) {
    // For browsers that predate frame-ancestors.
    response.headers.emplace_back("X-Frame-Options", "DENY");
  }
  return response;
}

http::Response
not_found(std::string_view message, std::string_view route)
{
  return html_response(404, render_not_found_page(message), route);
}

// Every asset's answer, with its ETag and gzip form computed once: assets never change while the
// binary runs.
struct PreparedAssets
{
  std::map<std::string, http::Response, std::less<>> by_hashed_name;
};

const PreparedAssets&
prepared_assets()
{
  static const PreparedAssets k_prepared = [] {
    PreparedAssets prepared;
    for (const WebAsset& asset : web_assets()) {
      http::Response response;
      response.content_type = std::string(asset.content_type);
      response.body = std::string(asset.content);
      response.route = "/assets/{name}";
      response.cache_control = std::string(k_cache_forever);
      response.etag = http::strong_etag(response.body);
      response.gzip_body = std::make_shared<const std::string>(http::gzip_compress(response.body, k_asset_gzip_level));
      prepared.by_hashed_name.emplace(std::string(asset.hashed_name), std::move(response));
    }
    return prepared;
  }();
  return k_prepared;
}

http::Response
asset_response(std::string_view name)
{
  // An exact match against the embedded names: "..", "%2e%2e" (already decoded by now) and "/" in a
  // name can only fail to match.
  const auto& assets = prepared_assets().by_hashed_name;
  if (const auto found = assets.find(name); found != assets.end()) {
    return found->second;
  }
  http::Response response = http::Response::text(404, "No such asset.\n");
  response.route = "/assets/{name}";
  response.cache_control = "no-store"; // the name may be served by the next release
  return response;
}

http::Response
tracker_endpoint(store::Store& store, const http::Request& request, const http::RouteMatch& match)
{
  return html_response(200, render_tracker_page(store, request), match.label);
}

http::Response
point_endpoint(store::Store& store, const http::Request&, const http::RouteMatch& match)
{
  if (match.param.empty()) {
    return not_found("No result id was given.", match.label);
  }
  if (std::optional<std::string> page = render_point_page(store, match.param)) {
    return html_response(200, std::move(*page), match.label);
  }
  return not_found("No stored result has this id.", match.label);
}

http::Response
feed_endpoint(store::Store& store, const http::Request& request, const http::RouteMatch& match)
{
  http::Response response = html_response(200, render_atom_feed(store, request), match.label);
  response.content_type = "application/atom+xml; charset=utf-8";
  return response;
}

http::Response
compare_endpoint(store::Store& store, const http::Request& request, const http::RouteMatch& match)
{
  RenderedPage page = render_compare_page(store, request);
  return html_response(page.status, std::move(page.html), match.label);
}

http::Response
embed_chart_endpoint(store::Store& store, const http::Request& request, const http::RouteMatch& match)
{
  RenderedPage page = render_embed_chart(store, request);
  return html_response(page.status, std::move(page.html), match.label, Framing::allowed);
}

http::Response
asset_endpoint(store::Store&, const http::Request&, const http::RouteMatch& match)
{
  return asset_response(match.param);
}

// A result id or asset name is the rest of the path, '/' and all, so that any such path gets its page's 404.
const http::RouteTable<store::Store>&
page_routes()
{
  static const http::RouteTable<store::Store> k_routes{
    {"GET", "/", "/", tracker_endpoint},
    {"GET", "/points/{id...}", "/points/{id}", point_endpoint},
    {"GET", "/feed.atom", "/feed.atom", feed_endpoint},
    {"GET", "/compare", "/compare", compare_endpoint},
    {"GET", "/embed/chart", "/embed/chart", embed_chart_endpoint},
    {"GET", "/assets/{name...}", "/assets/{name}", asset_endpoint},
  };
  return k_routes;
}

}  // namespace

http::Response
page_not_found(std::string_view path)
{
  return not_found("There is nothing at " + std::string(path) + ".", "unrouted");
}

std::optional<http::Response>
handle_page(const http::Request& request, store::Store& store)
{
  const http::RouteLookup lookup = page_routes().find(request);
  if (lookup.route) {
    return page_routes().answer(lookup, store, request);
  }
  if (lookup.allow.empty()) {
    return std::nullopt;
  }
  http::Response response = http::Response::text(405, "Only GET and HEAD are allowed here.\n");
  response.headers.emplace_back("Allow", lookup.allow);
  response.route = std::string(lookup.match.label);
  return response;
}

}  // namespace infertrack::server::pages
