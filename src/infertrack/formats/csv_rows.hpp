#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::formats {

// Splits RFC 4180 CSV text into rows of cells without copying: a cell is a view into the text, except a quoted
// cell holding doubled quotes, which is unescaped into a buffer reused row after row. Rows end with LF or
// CRLF; quoted cells may hold commas, quotes and line breaks. Empty lines are skipped.
class CsvRows
{
public:
  // Why a row could not be split, and at which cell (0-based) of the row.
  struct Error
  {
    std::size_t cell = 0;
    std::string message;
  };

  enum class Status
  {
    row,    // `cells` holds the next row
    end,    // no rows left
    error,  // see `error`
  };

  explicit CsvRows(std::string_view text)
    : m_text(text)
  {
  }

  // Reads the next row into `cells`; the views stay valid until the next call.
  Status next(std::vector<std::string_view>& cells, Error& error);

  // The 1-based line the last row read started on.
  std::size_t row_line() const { return m_row_line; }

private:
  bool read_quoted(std::size_t cell, std::vector<std::string_view>& cells, Error& error);
  bool read_unquoted(std::vector<std::string_view>& cells, Error& error);

  std::string_view m_text;
  std::size_t m_pos = 0;
  std::size_t m_line = 1;
  std::size_t m_row_line = 0;
  std::deque<std::string> m_unescaped;  // one buffer per cell position; a deque so growing keeps views valid
};

}  // namespace infertrack::formats
