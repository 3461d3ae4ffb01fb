#pragma once

#include <source_location>
#include <string_view>

namespace infertrack::util {

// Reports a broken invariant (a bug, never bad input) and aborts.
[[noreturn]] void assertion_failed(std::string_view condition,
                                   std::source_location where = std::source_location::current());

}  // namespace infertrack::util

// Always-on invariant check: bad input must be refused with a Result before it can reach one of these.
#define INFERTRACK_ASSERT(condition)                                                               \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      ::infertrack::util::assertion_failed(#condition);                                            \
    }                                                                                              \
  } while (false)
