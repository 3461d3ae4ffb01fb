#pragma once

#include "infertrack/server/http/response.hpp"

#include <string_view>
#include <utility>
#include <vector>

namespace infertrack::server::http {

// One header field: name and value.
using HeaderField = std::pair<std::string_view, std::string_view>;

// The security header fields `response` does not set itself, which the server adds to every answer but a 304 (a
// browser merges a 304's fields into the answer it kept, whose own fields must stand): a Content-Security-Policy
// under which the answer loads, runs and is framed by nothing, with X-Frame-Options DENY for older browsers, and
// a Referrer-Policy. Pages set their own policy (their scripts and styles, and whether other sites may frame them)
// and keep it.
std::vector<HeaderField> missing_security_headers(const Response& response);

}  // namespace infertrack::server::http
