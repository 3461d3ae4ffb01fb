#pragma once

#include <string>
#include <vector>

namespace infertrack::util {

// A plain-text table with aligned columns for terminal output: text columns left-aligned, numeric ones
// right-aligned so that digits line up.
class TextTable
{
public:
  enum class Align
  {
    left,
    right,
  };

  struct Column
  {
    std::string heading;
    Align align = Align::left;
  };

  explicit TextTable(std::vector<Column> columns);

  // Adds a row of cells, one per column (asserted).
  void add_row(std::vector<std::string> cells);

  // The table with a heading line and a rule under it, each line ending in '\n'.
  std::string render() const;

private:
  std::vector<Column> m_columns;
  std::vector<std::vector<std::string>> m_rows;
};

// `value` with `decimals` digits after the point and thousands separated by commas ("156,095.3"), rounded half away
// from zero on the shortest decimal that reads back as the double, as the page's script rounds (198.5 -> "199").
std::string group_thousands(double value, int decimals = 0);

// A small figure (dollars, joules, megawatts) as group_thousands writes it, with at least two decimals and three
// significant digits below 1, so that a cost of a fraction of a cent does not print as 0.00.
std::string small_figure(double value);

}  // namespace infertrack::util
