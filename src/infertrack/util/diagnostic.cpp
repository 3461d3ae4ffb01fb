#include "infertrack/util/diagnostic.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>

namespace infertrack::util {

std::string
Diagnostic::to_string() const
{
  std::string where;
  for (const std::string* part : {&file, &record, &field}) {
    if (part->empty()) {
      continue;
    }
    if (!where.empty()) {
      where += ':';
    }
    where += printable_text(*part);  // a key read from an input may hold a NUL or an escape sequence
  }
  return where.empty() ? message : where + ": " + message;
}

}  // namespace infertrack::util
