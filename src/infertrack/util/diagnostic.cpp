#include "infertrack/util/diagnostic.hpp"

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
    where += *part;
  }
  return where.empty() ? message : where + ": " + message;
}

}  // namespace infertrack::util
