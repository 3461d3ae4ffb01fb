#include "infertrack/formats/csv_rows.hpp"

#include "infertrack/formats/field_checks.hpp"

#include <algorithm>

namespace infertrack::formats {

CsvRows::Status
CsvRows::next(std::vector<std::string_view>& cells, Error& error)
{
  // Skip empty lines (a final line break, blank separators).
  while (m_pos < m_text.size()) {
    if (m_text[m_pos] == '\n') {
      ++m_pos;
      ++m_line;
    } else if (m_text[m_pos] == '\r' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '\n') {
      m_pos += 2;
      ++m_line;
    } else {
      break;
    }
  }
  if (m_pos >= m_text.size()) {
    return Status::end;
  }
  m_row_line = m_line;
  cells.clear();
  while (true) {
    const bool ok = m_text[m_pos] == '"' ? read_quoted(cells.size(), cells, error) : read_unquoted(cells, error);
    if (!ok) {
      return Status::error;
    }
    if (m_pos >= m_text.size()) {
      return Status::row;
    }
    const char separator = m_text[m_pos];
    if (separator == ',') {
      ++m_pos;
      if (m_pos >= m_text.size()) {
        cells.emplace_back();  // "a,b," ends with an empty cell
        return Status::row;
      }
      continue;
    }
    // The cell readers stop only at a comma, a line break or the end.
    m_pos += separator == '\r' ? 2 : 1;
    ++m_line;
    return Status::row;
  }
}

bool
CsvRows::read_unquoted(std::vector<std::string_view>& cells, Error& error)
{
  const std::size_t start = m_pos;
  const std::size_t size = m_text.size();
  const char* text = m_text.data();
  std::size_t pos = m_pos;
  while (pos < size) {
    const char c = text[pos];
    if (c == ',' || c == '\n' || (c == '\r' && pos + 1 < size && text[pos + 1] == '\n')) {
      break;
    }
    if (c == '"') {
      error = {cells.size(),
               "stray quote in an unquoted cell (got a '\"' inside the cell, expected the whole cell "
               "quoted with inner quotes doubled)"};
      return false;
    }
    ++pos;
  }
  cells.emplace_back(text + start, pos - start);
  m_pos = pos;
  return true;
}

bool
CsvRows::read_quoted(std::size_t cell, std::vector<std::string_view>& cells, Error& error)
{
  const std::size_t start = m_pos + 1;
  std::size_t pos = start;
  bool doubled = false;
  while (true) {
    const std::size_t quote = m_text.find('"', pos);
    if (quote == std::string_view::npos) {
      error = {cell, "unterminated quoted cell (got the end of the input, expected a closing '\"')"};
      return false;
    }
    if (quote + 1 < m_text.size() && m_text[quote + 1] == '"') {
      doubled = true;
      pos = quote + 2;
      continue;
    }
    pos = quote;
    break;
  }
  const std::string_view inside = m_text.substr(start, pos - start);
  m_line += static_cast<std::size_t>(std::count(inside.begin(), inside.end(), '\n'));
  m_pos = pos + 1;
  if (m_pos < m_text.size()) {
    const char next = m_text[m_pos];
    const bool crlf = next == '\r' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '\n';
    if (next != ',' && next != '\n' && !crlf) {
      constexpr std::size_t k_shown = 10;
      error = {cell,
               "text after a closing quote (got " + quoted_text(m_text.substr(m_pos, k_shown))
                 + ", expected a comma or the end of the line)"};
      return false;
    }
  }
  if (!doubled) {
    cells.push_back(inside);
    return true;
  }
  if (m_unescaped.size() <= cell) {
    m_unescaped.resize(cell + 1);
  }
  std::string& buffer = m_unescaped[cell];
  buffer.clear();
  for (std::size_t i = 0; i < inside.size(); ++i) {
    buffer += inside[i];
    if (inside[i] == '"') {
      ++i;  // the second quote of a doubled pair
    }
  }
  cells.emplace_back(buffer);
  return true;
}

}  // namespace infertrack::formats
