#include "infertrack/store/postgres/copy_text.hpp"

#include <charconv>
#include <cmath>

namespace infertrack::store::postgres {

void
append_copy_null(std::string& row)
{
  row += "\\N";
}

void
append_copy_value(std::string& row, std::string_view value)
{
  for (const char c : value) {
    switch (c) {
      case '\\':
        row += "\\\\";
        break;
      case '\t':
        row += "\\t";
        break;
      case '\n':
        row += "\\n";
        break;
      case '\r':
        row += "\\r";
        break;
      default:
        row += c;
    }
  }
}

void
append_copy_value(std::string& row, std::int64_t value)
{
  char text[24];
  row.append(text, std::to_chars(text, text + sizeof text, value).ptr);
}

void
append_copy_value(std::string& row, double value)
{
  if (std::isinf(value)) {
    row += value > 0 ? "Infinity" : "-Infinity";
    return;
  }
  char text[32];
  row.append(text, std::to_chars(text, text + sizeof text, value).ptr);
}

}  // namespace infertrack::store::postgres
