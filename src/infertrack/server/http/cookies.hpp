#pragma once

#include "infertrack/server/http/request.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace infertrack::server::http {

// Whether cookies carry the Secure attribute: on when clients reach the server over TLS (directly or
// through a TLS-terminating proxy), so browsers never send them in clear text.
enum class CookieTransport
{
  plain,
  secure,
};

// The value of the first cookie named `name` in the request's Cookie header fields, or nothing.
std::optional<std::string_view> cookie_value(const Request& request, std::string_view name);

// A Set-Cookie value for `name`=`value`: Path=/, HttpOnly, SameSite=Lax, Max-Age=`max_age_seconds`
// (0 removes the cookie), and Secure for CookieTransport::secure.
std::string set_cookie(std::string_view name, std::string_view value, std::int64_t max_age_seconds,
                       CookieTransport transport);

}  // namespace infertrack::server::http
