#include "infertrack/server/http/http_date.hpp"

#include <array>
#include <cstdio>
#include <ctime>

namespace infertrack::server::http {

std::string_view
http_date_now()
{
  thread_local std::time_t formatted_second = -1;
  thread_local std::array<char, 32> text{};
  thread_local std::size_t length = 0;
  const std::time_t now = std::time(nullptr);
  if (now != formatted_second) {
    std::tm utc{};
    gmtime_r(&now, &utc);
    static constexpr std::array<const char*, 7> k_days = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr std::array<const char*, 12> k_months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    // Names written out: strftime's follow the locale.
    const int written = std::snprintf(text.data(), text.size(), "%s, %02d %s %04d %02d:%02d:%02d GMT",
                                      k_days[static_cast<std::size_t>(utc.tm_wday)], utc.tm_mday,
                                      k_months[static_cast<std::size_t>(utc.tm_mon)], utc.tm_year + 1900,
                                      utc.tm_hour, utc.tm_min, utc.tm_sec);
    length = written > 0 ? static_cast<std::size_t>(written) : 0;
    formatted_second = now;
  }
  return {text.data(), length};
}

}  // namespace infertrack::server::http
