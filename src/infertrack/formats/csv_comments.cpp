#include "infertrack/formats/csv_comments.hpp"

namespace infertrack::formats {

CsvComments
leading_csv_comments(std::string_view text)
{
  CsvComments comments;
  while (comments.bytes < text.size() && text[comments.bytes] == '#') {
    const std::size_t end = text.find('\n', comments.bytes);
    comments.bytes = end == std::string_view::npos ? text.size() : end + 1;
    ++comments.lines;
  }
  return comments;
}

}  // namespace infertrack::formats
