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

std::string
guarded_comment_line(std::string_view line)
{
  std::string out;
  out.reserve(line.size());
  for (std::size_t i = 0; i < line.size(); ++i) {
    out += line[i];
    if (line[i] != ',') {
      continue;
    }
    const std::string_view cell = line.substr(i + 1, line.find(',', i + 1) - (i + 1));
    // Spreadsheets differ on blanks before a formula: the first character after them decides.
    const std::size_t first = cell.find_first_not_of(' ');
    const std::string_view from = first == std::string_view::npos ? std::string_view() : cell.substr(first);
    if (from.starts_with('"') || from.starts_with('\'') || needs_formula_guard(from)) {
      out += '\'';
    }
  }
  return out;
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
