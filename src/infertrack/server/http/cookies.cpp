#include "infertrack/server/http/cookies.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <fmt/format.h>

namespace infertrack::server::http {
namespace {

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
      const std::string_view pair = util::trim(rest.substr(0, semicolon), util::k_spaces_and_tabs);
      rest = semicolon == std::string_view::npos ? std::string_view() : rest.substr(semicolon + 1);
      const std::size_t equals = pair.find('=');
      if (equals != std::string_view::npos && util::trim(pair.substr(0, equals), util::k_spaces_and_tabs) == name) {
        std::string_view cookie = util::trim(pair.substr(equals + 1), util::k_spaces_and_tabs);
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
