#pragma once

#include <string_view>

namespace infertrack::server::http {

// The Date header's IMF-fixdate (RFC 9110 5.6.7) of the current second, formatted once a second per thread; the
// view holds until the thread's next call.
std::string_view http_date_now();

}  // namespace infertrack::server::http
