#pragma once

#include "infertrack/util/diagnostic.hpp"

#include <tl/expected.hpp>

#include <string>
#include <utility>

namespace infertrack::util {

// The value of an operation whose failure is expected (bad input), or the diagnostic saying why it failed.
template<typename T> using Result = tl::expected<T, Diagnostic>;

// A failed Result naming `record`, `field` and what was wrong.
inline tl::unexpected<Diagnostic>
fail(std::string record, std::string field, std::string message)
{
  return tl::unexpected<Diagnostic>(
    Diagnostic{{}, std::move(record), std::move(field), std::move(message)});
}

}  // namespace infertrack::util

// Evaluates a Result expression and returns its diagnostic from the enclosing function on failure.
#define INFERTRACK_TRY(...)                                                                        \
  do {                                                                                             \
    if (auto try_result_ = (__VA_ARGS__); !try_result_) {                                          \
      return tl::unexpected<::infertrack::util::Diagnostic>(std::move(try_result_).error());       \
    }                                                                                              \
  } while (false)

// Declares `var` holding the value of a Result expression, or returns its diagnostic on failure.
#define INFERTRACK_TRY_ASSIGN(var, ...)                                                            \
  auto var##_result_ = (__VA_ARGS__);                                                              \
  if (!var##_result_) {                                                                            \
    return tl::unexpected<::infertrack::util::Diagnostic>(std::move(var##_result_).error());       \
  }                                                                                                \
  auto var = std::move(*var##_result_)
