#include "infertrack/util/text_table.hpp"

#include "infertrack/util/assertions.hpp"
#include "infertrack/util/utf8_text.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace infertrack::util {
TextTable::TextTable(std::vector<Column> columns) : m_columns(std::move(columns))
{
}

void
TextTable::add_row(std::vector<std::string> cells)
{
  INFERTRACK_ASSERT(cells.size() == m_columns.size());
  m_rows.push_back(std::move(cells));
}

std::string
TextTable::render() const
{
  // Columns line up by characters, not bytes: "Zoë" is three wide (wide East Asian characters still count as one).
  std::vector<std::size_t> widths;
  for (const Column& column : m_columns) {
    widths.push_back(utf8_length(column.heading));
  }
  for (const auto& row : m_rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      widths[i] = std::max(widths[i], utf8_length(row[i]));
    }
  }
  auto render_line = [&](auto cell_of) {
    std::string line;
    for (std::size_t i = 0; i < m_columns.size(); ++i) {
      const std::string& cell = cell_of(i);
      const std::string padding(widths[i] - utf8_length(cell), ' ');
      line += m_columns[i].align == Align::right ? padding + cell : cell + padding;
      line += i + 1 < m_columns.size() ? "  " : "";
    }
    // Trailing blanks from left-aligned last columns only get in the way of copy and paste.
    line.erase(line.find_last_not_of(' ') + 1);
    return line + '\n';
  };
  std::string text = render_line([&](std::size_t i) -> const std::string& { return m_columns[i].heading; });
  std::string rule;
  for (std::size_t i = 0; i < widths.size(); ++i) {
    rule += std::string(widths[i], '-') + (i + 1 < widths.size() ? "  " : "");
  }
  text += rule + '\n';
  for (const auto& row : m_rows) {
    text += render_line([&](std::size_t i) -> const std::string& { return row[i]; });
  }
  return text;
}

std::string
group_thousands(double value, int decimals)
{
  const std::string digits = fmt::format("{:.{}f}", value < 0 ? -value : value, decimals);
  const std::size_t whole_length = std::min(digits.find('.'), digits.size());
  std::string grouped;
  for (std::size_t i = 0; i < whole_length; ++i) {
    if (i > 0 && (whole_length - i) % 3 == 0) {
      grouped += ',';
    }
    grouped += digits[i];
  }
  grouped.append(digits, whole_length);
  // A value that rounds to zero prints without a minus sign.
  const bool negative = value < 0 && digits.find_first_not_of("0.") != std::string::npos;
  return negative ? "-" + grouped : grouped;
}

}  // namespace infertrack::util
