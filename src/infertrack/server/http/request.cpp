#include "infertrack/server/http/request.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <algorithm>
#include <cctype>

namespace infertrack::server::http {

namespace {

int
hex_value(char c)
{
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

// In a query (application/x-www-form-urlencoded) '+' is a space; in a path it is itself.
enum class PlusMeans
{
  plus,
  space,
};

// `part` ("path" or "query") names where the text came from, for the diagnostic.
util::Result<std::string>
percent_decode(std::string_view text, PlusMeans plus, const char* part)
{
  std::string decoded;
  decoded.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+' && plus == PlusMeans::space) {
      decoded += ' ';
      continue;
    }
    if (c != '%') {
      decoded += c;
      continue;
    }
    const int high = i + 1 < text.size() ? hex_value(text[i + 1]) : -1;
    const int low = i + 2 < text.size() ? hex_value(text[i + 2]) : -1;
    if (high < 0 || low < 0) {
      return util::fail("target", part,
                        "malformed percent-escape (got \"" + std::string(text.substr(i, 3)) +
                          "\", expected % and two hex digits)");
    }
    const char byte = static_cast<char>(high * 16 + low);
    if (byte == '\0') {
      return util::fail("target", part, "encoded NUL (%00) is not allowed");
    }
    decoded += byte;
    i += 2;
  }
  return decoded;
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
  DecodedTarget decoded;
  INFERTRACK_TRY_ASSIGN(path, percent_decode(target.substr(0, query_start), PlusMeans::plus, "path"));
  decoded.path = path.empty() ? "/" : std::move(path);
  if (query_start == std::string_view::npos) {
    return decoded;
  }

  std::string_view query = target.substr(query_start + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) {
      continue;
    }
    const auto equals = pair.find('=');
    INFERTRACK_TRY_ASSIGN(name, percent_decode(pair.substr(0, equals), PlusMeans::space, "query"));
    std::string value;
    if (equals != std::string_view::npos) {
      INFERTRACK_TRY_ASSIGN(decoded_value,
                            percent_decode(pair.substr(equals + 1), PlusMeans::space, "query"));
      value = std::move(decoded_value);
    }
    decoded.query.emplace_back(std::move(name), std::move(value));
  }
  return decoded;
}

}  // namespace infertrack::server::http
