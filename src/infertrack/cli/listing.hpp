#pragma once

#include "infertrack/cli/command_context.hpp"
#include "infertrack/util/text_table.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace infertrack::cli {

// The records a list command prints, as a text table for people or as CSV: one set of columns, each naming its
// table heading and its CSV header, so that the two formats cannot drift apart. A column may be in one format
// only (the CSV's ids and flags, the table's readable summaries).
class Listing
{
public:
  struct Column
  {
    std::string heading;  // in the table; empty when only the CSV has the column
    std::string csv_name; // in the CSV header; empty when only the table has it
    util::TextTable::Align align = util::TextTable::Align::left;
  };

  // One value as each format writes it: `text` for the table (made printable there), `csv` a finished CSV field.
  struct Cell
  {
    std::string text;
    std::string csv;
  };

  // Free text (names, notes, URLs): the same words in both, quoted and formula-guarded in the CSV.
  static Cell text(std::string value);
  // A value no spreadsheet misreads (a number, a date, a kind's name), written as it is in both.
  static Cell plain(std::string value);

  explicit Listing(std::vector<Column> columns);

  // Adds a record, one cell per column (asserted).
  void add_row(std::vector<Cell> cells);

  // The table's columns and rows, a heading line and a rule first, each line ending in '\n'.
  std::string table() const;
  // The CSV's header line and rows, each ending in '\n'.
  std::string csv() const;

private:
  std::vector<Column> m_columns;
  std::vector<std::vector<Cell>> m_rows;
};

// `rows` as `format` asks: a JSON array of `json_of(row)` laid out as the other answers (indent 2), or the
// CSV or text table of `cells_of(row)` (a vector of Listing::Cell) under `columns`.
template<typename Rows, typename CellsOf, typename JsonOf>
std::string
listing_text(OutputFormat format, std::vector<Listing::Column> columns, const Rows& rows, CellsOf cells_of,
             JsonOf json_of)
{
  if (format == OutputFormat::json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& row : rows) {
      list.push_back(json_of(row));
    }
    return list.dump(2) + "\n";
  }
  Listing listing(std::move(columns));
  for (const auto& row : rows) {
    listing.add_row(cells_of(row));
  }
  return format == OutputFormat::csv ? listing.csv() : listing.table();
}

}  // namespace infertrack::cli
