// libFuzzer target for what the server reads from a request's head before any route: the target (path and query,
// percent-decoded), the query parameters as routes check them, a Cookie field and an If-None-Match field. The input
// is the target, then optionally a newline and the header value. Any bytes must give a decoded target or a
// diagnostic, never a crash, a sanitizer report or a hang.
#include "infertrack/server/api/query_params.hpp"
#include "infertrack/server/http/cookies.hpp"
#include "infertrack/server/http/etag.hpp"
#include "infertrack/server/http/request.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace {

namespace http = infertrack::server::http;
namespace api = infertrack::server::api;

// Whether `part` is a view into `whole`: a cookie's value is read in place.
bool
lies_within(std::string_view part, std::string_view whole)
{
  return std::less_equal<>()(whole.data(), part.data())
         && std::less_equal<>()(part.data() + part.size(), whole.data() + whole.size());
}

}  // namespace

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string_view target = input.substr(0, newline);
  const std::string_view field = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);

  http::Request request;
  request.method = "GET";
  request.target = target;
  const auto decoded = http::decode_target(target);
  if (!decoded) {
    if (decoded.error().message.empty()) {
      __builtin_trap();
    }
  } else {
    if (decoded->path.empty()) {
      __builtin_trap();  // the root at least: routes match on it
    }
    request.path = decoded->path;
    request.query = decoded->query;
  }
  // Every route checks the names first, then reads values of the kinds it takes.
  const api::QueryParams params(request);
  const auto names = params.check_names({"slo", "limit", "x", "metric"}, api::FilterParams::accepted);
  if (!names && names.error().message.empty()) {
    __builtin_trap();
  }
  for (const auto& [name, value] : request.query) {
    (void)params.number(name);
    (void)params.integer(name);
    (void)params.boolean(name);
    (void)params.date(name);
  }
  const auto filter = params.filter();
  if (!filter && filter.error().message.empty()) {
    __builtin_trap();
  }

  request.headers.emplace_back("cookie", std::string(field));
  const std::string_view stored_field = request.headers.back().second;
  for (const std::string_view name : {"infertrack_session", "", "a"}) {
    if (const auto cookie = http::cookie_value(request, name)) {
      // An empty value may be a view of nothing at all.
      if ((!cookie->empty() && !lies_within(*cookie, stored_field)) || cookie->find(';') != std::string_view::npos) {
        __builtin_trap();
      }
    }
  }
  const std::string etag = http::strong_etag(target);
  (void)http::if_none_match_matches(field, etag);
  if (!http::if_none_match_matches(etag, etag) || !http::if_none_match_matches(http::gzip_etag(etag), etag)) {
    __builtin_trap();  // a tag matches itself and its gzip form
  }
  return 0;
}
