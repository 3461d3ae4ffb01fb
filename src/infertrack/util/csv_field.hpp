#pragma once

#include <string>
#include <string_view>

namespace infertrack::util {

// `text` as one RFC 4180 CSV field: quoted, with quotes doubled, only when it holds a comma, quote or line
// break; otherwise unchanged, so that exports read back exactly.
std::string csv_field(std::string_view text);

}  // namespace infertrack::util
