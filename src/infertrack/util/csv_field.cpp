#include "infertrack/util/csv_field.hpp"

namespace infertrack::util {

bool
needs_formula_guard(std::string_view text)
{
  const std::size_t first = text.find_first_not_of('\'');
  if (first == std::string_view::npos) {
    return false;
  }
  const char c = text[first];
  // A lone sign is text to every spreadsheet; "-1+2" or "+A1" is a formula.
  const bool sign_and_more = (c == '+' || c == '-') && text.size() - first > 1;
  return c == '=' || c == '@' || c == '\t' || c == '\r' || sign_and_more;
}

void
append_csv_field(std::string& out, std::string_view text)
{
  const bool guard = needs_formula_guard(text);
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += guard ? "'" : "";
    out += text;
    return;
  }
  out += guard ? "\"'" : "\"";
  for (char c : text) {
    out += c;
    if (c == '"') {
      out += '"';
    }
  }
  out += '"';
}

std::string
csv_field(std::string_view text)
{
  std::string field;
  append_csv_field(field, text);
  return field;
}

std::string_view
without_formula_guard(std::string_view cell)
{
  // Guarding adds one "'" to text that needs it, and what follows that "'" still needs it: only such cells lose one.
  if (cell.starts_with('\'') && needs_formula_guard(cell.substr(1))) {
    cell.remove_prefix(1);
  }
  return cell;
}

}  // namespace infertrack::util
