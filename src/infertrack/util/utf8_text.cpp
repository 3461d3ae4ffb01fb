#include "infertrack/util/utf8_text.hpp"

#include <algorithm>

namespace infertrack::util {

std::size_t
utf8_length(std::string_view text)
{
  // Every character has one byte that is not a continuation byte (10xxxxxx).
  return static_cast<std::size_t>(
    std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace infertrack::util
