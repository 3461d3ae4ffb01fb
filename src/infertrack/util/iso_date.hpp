#pragma once

#include <string_view>

namespace infertrack::util {

// Whether `text` is a calendar date written YYYY-MM-DD (month 01-12, day valid for the month), the one
// date form the tracker stores and compares as text.
bool is_iso_date(std::string_view text);

}  // namespace infertrack::util
