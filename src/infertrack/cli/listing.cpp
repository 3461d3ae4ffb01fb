#include "infertrack/cli/listing.hpp"

#include "infertrack/util/assertions.hpp"
#include "infertrack/util/csv_field.hpp"

namespace infertrack::cli {

Listing::Cell
Listing::text(std::string value)
{
  std::string csv = util::csv_field(value);
  return {std::move(value), std::move(csv)};
}

Listing::Cell
Listing::plain(std::string value)
{
  return {value, value};
}

Listing::Listing(std::vector<Column> columns) : m_columns(std::move(columns))
{
}

void
Listing::add_row(std::vector<Cell> cells)
{
  INFERTRACK_ASSERT(cells.size() == m_columns.size());
  m_rows.push_back(std::move(cells));
}

std::string
Listing::table() const
{
  std::vector<util::TextTable::Column> headings;
  for (const Column& column : m_columns) {
    if (!column.heading.empty()) {
      headings.push_back({column.heading, column.align});
    }
  }
  util::TextTable table(std::move(headings));
  for (const std::vector<Cell>& row : m_rows) {
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < m_columns.size(); ++i) {
      if (!m_columns[i].heading.empty()) {
        cells.push_back(row[i].text);
      }
    }
    table.add_row(std::move(cells));
  }
  return table.render();
}

std::string
Listing::csv() const
{
  const auto line = [&](auto field_of) {
    std::string text;
    const char* separator = ""; // not text.empty(): a first field may be empty
    for (std::size_t i = 0; i < m_columns.size(); ++i) {
      if (!m_columns[i].csv_name.empty()) {
        text += separator + field_of(i);
        separator = ",";
      }
    }
    return text + '\n';
  };
  std::string text = line([&](std::size_t i) { return m_columns[i].csv_name; });
  for (const std::vector<Cell>& row : m_rows) {
    text += line([&](std::size_t i) { return row[i].csv; });
  }
  return text;
}

}  // namespace infertrack::cli
