#pragma once

#include <string_view>

namespace infertrack::util {

// Reports a broken invariant (a bug, never bad input) and aborts. The place comes from the macro below rather
// than std::source_location, which the fuzzers' clang 14 does not have with this libstdc++.
[[noreturn]] void assertion_failed(std::string_view condition, const char* file, unsigned line, const char* function);

}  // namespace infertrack::util

// Always-on invariant check: bad input must be refused with a Result before it can reach one of these.
#define INFERTRACK_ASSERT(condition)                                                               \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      ::infertrack::util::assertion_failed(#condition, __FILE__, __LINE__, __func__);              \
    }                                                                                              \
  } while (false)
