#pragma once

#include <tl/expected.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace infertrack::app {

// Why an account or comment request was refused; the server turns `kind` into a status code.
enum class RefusalKind
{
  invalid,      // 400: a field is malformed
  unauthorised, // 401: not signed in, or wrong email/password
  forbidden,    // 403: signed in but not allowed
  not_found,    // 404
  conflict,     // 409: e.g. the email is taken
  rate_limited, // 429: try again after retry_after_seconds
};

struct Refusal
{
  RefusalKind kind = RefusalKind::invalid;
  std::string field; // the form field at fault, when one is
  std::string message;
  std::int64_t retry_after_seconds = 0;
};

template<typename T> using Outcome = tl::expected<T, Refusal>;

inline tl::unexpected<Refusal>
refuse(RefusalKind kind, std::string field, std::string message, std::int64_t retry_after_seconds = 0)
{
  return tl::unexpected<Refusal>(Refusal{kind, std::move(field), std::move(message), retry_after_seconds});
}

// Unix seconds now; replaced in tests to move time forward.
using Clock = std::function<std::int64_t()>;

inline std::int64_t
system_clock_seconds()
{
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
    .count();
}

}  // namespace infertrack::app
