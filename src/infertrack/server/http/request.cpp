#include "infertrack/server/http/request.hpp"

#include "infertrack/util/ascii_text.hpp"
#include "infertrack/util/assertions.hpp"
#include "infertrack/util/percent_encoding.hpp"

#include <boost/url/parse.hpp>
#include <boost/url/rfc/pchars.hpp>

#include <algorithm>

namespace infertrack::server::http {

namespace {

namespace urls = boost::urls;

// Bytes a client may send unencoded that RFC 3986 does not allow in a path or query (a space, '|', UTF-8), which
// we have always taken as themselves: encoded before parsing, they decode back to the same bytes.
constexpr urls::grammar::lut_chars k_kept_chars = urls::pchars + '/' + '?';

// `target` with every byte outside k_kept_chars percent-encoded, and '%' kept, its escapes already checked. Not
// urls::encode: it requires '%' to be encoded (an assertion that stops every request in a build with assertions).
std::string
encoded_target(std::string_view target)
{
  return util::percent_encoded(target, [](char c) { return c == '%' || k_kept_chars(c); });
}

bool
is_hex_digit(char c)
{
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Where a target's text came from, for the diagnostic.
enum class TargetPart
{
  path,
  query,
};

// Fails on the first malformed or NUL percent-escape of `text`, the target's path or query.
util::Result<bool>
check_escapes(std::string_view text, TargetPart part)
{
  const char* const part_name = part == TargetPart::path ? "path" : "query";
  // In a query an escape lies within one parameter's name or value, which '&' ends, and in a name '=' too.
  bool in_name = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (part == TargetPart::query && (text[i] == '&' || text[i] == '=')) {
      in_name = text[i] == '&';
      continue;
    }
    if (text[i] != '%') {
      continue;
    }
    const std::string_view ends = part == TargetPart::path ? "" : in_name ? "&=" : "&";
    const std::string_view escape = text.substr(i, std::min<std::size_t>(3, text.find_first_of(ends, i) - i));
    if (escape.size() < 3 || !is_hex_digit(escape[1]) || !is_hex_digit(escape[2])) {
      return util::fail("target", part_name,
                        "malformed percent-escape (got \"" + std::string(escape) +
                          "\", expected % and two hex digits)");
    }
    if (escape == "%00") {
      return util::fail("target", part_name, "encoded NUL (%00) is not allowed");
    }
  }
  return true;
}

}  // namespace

std::optional<std::string_view>
Request::header(std::string_view name) const
{
  for (const auto& [field, value] : headers) {
    if (util::ascii_iequals(field, name)) {
      return value;
    }
  }
  return std::nullopt;
}

std::optional<std::string_view>
Request::query_value(std::string_view name) const
{
  for (const auto& [key, value] : query) {
    if (key == name) {
      return value;
    }
  }
  return std::nullopt;
}

util::Result<DecodedTarget>
decode_target(std::string_view target)
{
  // A fragment never belongs to what the server sees.
  target = target.substr(0, target.find('#'));

  // Absolute form, as sent to proxies: drop "scheme://authority".
  if (const auto scheme_end = target.find("://");
      scheme_end != std::string_view::npos && target.find('/') > scheme_end) {
    const auto path_start = target.find_first_of("/?", scheme_end + 3);
    target = path_start == std::string_view::npos ? std::string_view("/") : target.substr(path_start);
  }

  const auto query_start = target.find('?');
  INFERTRACK_TRY(check_escapes(target.substr(0, query_start), TargetPart::path));
  if (query_start != std::string_view::npos) {
    INFERTRACK_TRY(check_escapes(target.substr(query_start + 1), TargetPart::query));
  }

  // Asterisk form ("*", for OPTIONS) and any other unrooted target are read as if rooted, and given back unrooted.
  const bool rooted = target.starts_with('/');
  const std::string encoded = (rooted ? "" : "/") + encoded_target(target);
  const auto url = urls::parse_origin_form(encoded);
  INFERTRACK_ASSERT(url.has_value());

  DecodedTarget decoded;
  std::string path = url->path();
  decoded.path = rooted ? std::move(path) : path.substr(1);
  if (decoded.path.empty()) {
    decoded.path = "/";
  }
  for (const auto& param : url->params(urls::encoding_opts(true))) {
    // "a&&b" holds an empty parameter, which names nothing.
    if (!param.key.empty() || param.has_value) {
      decoded.query.emplace_back(param.key, param.value);
    }
  }
  return decoded;
}

}  // namespace infertrack::server::http
