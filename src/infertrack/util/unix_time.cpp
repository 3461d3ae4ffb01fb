#include "infertrack/util/unix_time.hpp"

#include <ctime>

namespace infertrack::util {

std::string
iso_utc(std::int64_t seconds)
{
  const std::time_t time = static_cast<std::time_t>(seconds);
  std::tm parts{};
  gmtime_r(&time, &parts);
  char text[32];
  const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return std::string(text, length);
}

}  // namespace infertrack::util
