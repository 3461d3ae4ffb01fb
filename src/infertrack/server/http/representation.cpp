#include "infertrack/server/http/representation.hpp"

#include "infertrack/server/http/etag.hpp"
#include "infertrack/server/http/gzip.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace infertrack::server::http {

namespace {

constexpr int k_ok = 200;
constexpr int k_not_modified = 304;

// Whether a "q=..." parameter list leaves the coding acceptable: only q=0 (0.0, 0.000) refuses it.
bool
quality_is_positive(std::string_view parameters)
{
  while (!parameters.empty()) {
    const auto semicolon = parameters.find(';');
    const std::string_view parameter = util::trim(parameters.substr(0, semicolon), util::k_spaces_and_tabs);
    parameters = semicolon == std::string_view::npos ? std::string_view() : parameters.substr(semicolon + 1);
    if (parameter.size() >= 2 && (parameter[0] == 'q' || parameter[0] == 'Q') && parameter[1] == '=') {
      const std::string_view value = parameter.substr(2);
      return value.find_first_not_of("0.") != std::string_view::npos;
    }
  }
  return true;
}

}  // namespace

bool
is_compressible(std::string_view content_type)
{
  static constexpr std::array<std::string_view, 4> k_text_like{
    "application/json", "application/javascript", "application/xml", "image/svg+xml"};
  const std::string mime = util::ascii_lower(util::trim(content_type.substr(0, content_type.find(';')), util::k_spaces_and_tabs));
  return mime.starts_with("text/") || mime.ends_with("+json") || mime.ends_with("+xml") ||
         std::ranges::find(k_text_like, mime) != k_text_like.end();
}

bool
accepts_gzip(std::string_view header_value)
{
  bool gzip_seen = false;
  bool gzip_ok = false;
  bool star_ok = false;
  while (!header_value.empty()) {
    const auto comma = header_value.find(',');
    const std::string_view item = header_value.substr(0, comma);
    header_value = comma == std::string_view::npos ? std::string_view() : header_value.substr(comma + 1);
    const auto semicolon = item.find(';');
    const std::string coding = util::ascii_lower(util::trim(item.substr(0, semicolon), util::k_spaces_and_tabs));
    const bool positive =
      semicolon == std::string_view::npos || quality_is_positive(item.substr(semicolon + 1));
    if (coding == "gzip" || coding == "x-gzip") {
      gzip_seen = true;
      gzip_ok = gzip_ok || positive;
    } else if (coding == "*") {
      star_ok = positive;
    }
  }
  // "*" stands for codings not named, so an explicit "gzip;q=0" wins over it.
  return gzip_seen ? gzip_ok : star_ok;
}

Representation
choose_representation(const Request& request, const Response& response, BodyMode mode,
                      std::size_t gzip_min_size)
{
  Representation chosen;
  chosen.status = response.status;
  chosen.body = response.body;
  chosen.send_body = mode == BodyMode::full;

  chosen.streamed = static_cast<bool>(response.body_parts);

  const bool ok_with_body = response.status == k_ok && !response.body.empty() && !chosen.streamed;
  const std::string identity_etag = !response.etag.empty() ? response.etag
                                    : ok_with_body         ? strong_etag(response.body)
                                                           : std::string();

  const bool worth_compressing =
    (chosen.streamed || response.body.size() >= gzip_min_size) && is_compressible(response.content_type);
  chosen.vary_encoding = worth_compressing;
  const auto accept = request.header("accept-encoding");
  const bool use_gzip = worth_compressing && accept && accepts_gzip(*accept);
  chosen.etag = use_gzip && !identity_etag.empty() ? gzip_etag(identity_etag) : identity_etag;

  // Validation first, so that a 304 costs no compression.
  if (response.status == k_ok && !identity_etag.empty() && request.method == "GET") {
    if (const auto tags = request.header("if-none-match");
        tags && if_none_match_matches(*tags, identity_etag)) {
      chosen.status = k_not_modified;
      chosen.send_body = false;
      chosen.body = {};
      return chosen;
    }
  }

  if (use_gzip && chosen.streamed) {
    chosen.gzip = true;
  } else if (use_gzip) {
    chosen.compressed = response.gzip_body != nullptr
                          ? response.gzip_body
                          : std::make_shared<const std::string>(gzip_compress(response.body));
    chosen.body = *chosen.compressed;
    chosen.gzip = true;
  }
  return chosen;
}

}  // namespace infertrack::server::http
