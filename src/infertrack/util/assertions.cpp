#include "infertrack/util/assertions.hpp"

#include <cstdio>
#include <cstdlib>

namespace infertrack::util {

void
assertion_failed(std::string_view condition, std::source_location where)
{
  std::fprintf(stderr,
               "%s:%u: %s: assertion failed: %.*s\n",
               where.file_name(),
               static_cast<unsigned>(where.line()),
               where.function_name(),
               static_cast<int>(condition.size()),
               condition.data());
  std::abort();
}

}  // namespace infertrack::util
