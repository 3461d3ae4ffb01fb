#include "infertrack/util/text_table.hpp"

#include "infertrack/util/assertions.hpp"
#include "infertrack/util/ascii_text.hpp"
#include "infertrack/util/utf8_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace infertrack::util {
TextTable::TextTable(std::vector<Column> columns) : m_columns(std::move(columns))
{
}

void
TextTable::add_row(std::vector<std::string> cells)
{
  INFERTRACK_ASSERT(cells.size() == m_columns.size());
  for (std::string& cell : cells) {
    cell = printable_text(cell);  // cells hold stored text, for a terminal
  }
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

namespace {

// `magnitude` (>= 0) with `decimals` decimals, rounded as the page's script rounds (Intl.NumberFormat): the shortest
// decimal that reads back as the double, rounded half away from zero. So 198.5 shows as 199 and 21.65 as 21.7 with
// and without JavaScript, where printf-style rounding gives 198 (half to even) and 21.6 (the double is below).
std::string
rounded_decimal(double magnitude, int decimals)
{
  std::array<char, 400> buffer{};  // the longest double in fixed notation has 309 whole digits
  const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), magnitude, std::chars_format::fixed).ptr;
  const std::string_view shortest(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
  const std::size_t point = std::min(shortest.find('.'), shortest.size());
  const std::string_view fraction = point < shortest.size() ? shortest.substr(point + 1) : std::string_view();
  const auto kept = static_cast<std::size_t>(decimals);
  const bool up = fraction.size() > kept && fraction[kept] >= '5';
  std::string digits(shortest.substr(0, point));
  digits += fraction.substr(0, std::min(kept, fraction.size()));
  digits.append(kept - std::min(kept, fraction.size()), '0');
  if (up) {
    std::size_t i = digits.size();
    while (i > 0 && digits[i - 1] == '9') {
      digits[--i] = '0';
    }
    if (i == 0) {
      digits.insert(0, 1, '1');
    } else {
      ++digits[i - 1];
    }
  }
  if (kept > 0) {
    digits.insert(digits.size() - kept, 1, '.');
  }
  return digits;
}

}  // namespace

std::string
group_thousands(double value, int decimals)
{
  std::string text = rounded_decimal(std::fabs(value), decimals);
  const std::size_t digits_end = std::min(text.find('.'), text.size());
  // A comma before every third digit from the right that has digits on its left.
  for (std::size_t pos = digits_end; pos > 3; pos -= 3) {
    text.insert(pos - 3, 1, ',');
  }
  // "-0" after rounding reads as a sign error, so only a non-zero result keeps the minus.
  const bool negative = value < 0 && text.find_first_not_of("0.,") != std::string::npos;
  return negative ? "-" + text : text;
}

std::string
small_figure(double value)
{
  int decimals = 2;
  if (value > 0 && value < 1) {
    constexpr int k_most_decimals = 12;
    decimals = std::min(k_most_decimals, 2 - static_cast<int>(std::floor(std::log10(value))));
  }
  return group_thousands(value, decimals);
}

}  // namespace infertrack::util
