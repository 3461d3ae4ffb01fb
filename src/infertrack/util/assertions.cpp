#include "infertrack/util/assertions.hpp"

#include <cstdio>
#include <cstdlib>

namespace infertrack::util {

void
assertion_failed(std::string_view condition, const char* file, unsigned line, const char* function)
{
  std::fprintf(stderr,
               "%s:%u: %s: assertion failed: %.*s\n",
               file,
               line,
               function,
               static_cast<int>(condition.size()),
               condition.data());
  std::abort();
}

}  // namespace infertrack::util
