#include "infertrack/util/csv_field.hpp"

namespace infertrack::util {

std::string
csv_field(std::string_view text)
{
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return std::string(text);
  }
  std::string field = "\"";
  for (char c : text) {
    field += c;
    if (c == '"') {
      field += '"';
    }
  }
  field += '"';
  return field;
}

}  // namespace infertrack::util
