#include "infertrack/util/iso_date.hpp"

#include <chrono>

namespace infertrack::util {

bool
is_iso_date(std::string_view text)
{
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') {
    return false;
  }
  int parts[3] = {0, 0, 0};
  const std::size_t starts[3] = {0, 5, 8};
  const std::size_t lengths[3] = {4, 2, 2};
  for (int p = 0; p < 3; ++p) {
    for (std::size_t i = starts[p]; i < starts[p] + lengths[p]; ++i) {
      if (text[i] < '0' || text[i] > '9') {
        return false;
      }
      parts[p] = parts[p] * 10 + (text[i] - '0');
    }
  }
  const std::chrono::year_month_day date{std::chrono::year(parts[0]),
                                         std::chrono::month(static_cast<unsigned>(parts[1])),
                                         std::chrono::day(static_cast<unsigned>(parts[2]))};
  return date.ok();
}

}  // namespace infertrack::util
