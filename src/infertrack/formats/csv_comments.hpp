#pragma once

#include <cstddef>
#include <string_view>

namespace infertrack::formats {

// The '#' lines an export writes above its CSV header (its provenance).
struct CsvComments
{
  std::size_t lines = 0; // how many lines they take, so that later line numbers stay those of the file
  std::size_t bytes = 0; // where the header starts
};

// The lines at the start of `text` that begin with '#'.
CsvComments leading_csv_comments(std::string_view text);

}  // namespace infertrack::formats
