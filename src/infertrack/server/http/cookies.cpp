#include "infertrack/server/http/cookies.hpp"

#include <fmt/format.h>

namespace infertrack::server::http {
namespace {

std::string_view
trim_spaces(std::string_view text)
{
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace

std::optional<std::string_view>
cookie_value(const Request& request, std::string_view name)
{
  for (const auto& [field, value] : request.headers) {
    if (field != "cookie") {
      continue;
    }
    std::string_view rest = value;
    while (!rest.empty()) {
      const std::size_t semicolon = rest.find(';');
      const std::string_view pair = trim_spaces(rest.substr(0, semicolon));
      rest = semicolon == std::string_view::npos ? std::string_view() : rest.substr(semicolon + 1);
      const std::size_t equals = pair.find('=');
      if (equals != std::string_view::npos && trim_spaces(pair.substr(0, equals)) == name) {
        std::string_view cookie = trim_spaces(pair.substr(equals + 1));
        if (cookie.size() >= 2 && cookie.front() == '"' && cookie.back() == '"') {
          cookie = cookie.substr(1, cookie.size() - 2);
        }
        return cookie;
      }
    }
  }
  return std::nullopt;
}

std::string
set_cookie(std::string_view name, std::string_view value, std::int64_t max_age_seconds, CookieTransport transport)
{
  return fmt::format("{}={}; Path=/; Max-Age={}; HttpOnly; SameSite=Lax{}", name, value, max_age_seconds,
                     transport == CookieTransport::secure ? "; Secure" : "");
}

}  // namespace infertrack::server::http
