#include "infertrack/util/diagnostic.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>

namespace infertrack::util {

namespace {

// A location part as printable text: a key read from an input may hold a NUL, which would end the message where a C
// string is made of it, or a terminal escape sequence.
void
append_printable(std::string& out, const std::string& part)
{
  for (const char c : part) {
    if (is_ascii_control(c)) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
}

}  // namespace

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
    append_printable(where, *part);
  }
  return where.empty() ? message : where + ": " + message;
}

}  // namespace infertrack::util
