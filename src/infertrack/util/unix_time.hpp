#pragma once

#include <cstdint>
#include <string>

namespace infertrack::util {

// `seconds` since the Unix epoch as ISO 8601 UTC text, "2026-11-29T21:47:38Z".
std::string iso_utc(std::int64_t seconds);

}  // namespace infertrack::util
