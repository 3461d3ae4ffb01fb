#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace infertrack::util {
namespace {

char
lower_char(char c)
{
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

std::string_view
trim(std::string_view text, std::string_view blanks)
{
  const auto first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos) {
    return {};
  }
  return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

std::string
ascii_lower(std::string_view text)
{
  std::string lowered(text);
  std::ranges::transform(lowered, lowered.begin(), lower_char);
  return lowered;
}

bool
ascii_iequals(std::string_view a, std::string_view b)
{
  return std::ranges::equal(a, b, [](char x, char y) { return lower_char(x) == lower_char(y); });
}

std::string
printable_text(std::string_view text)
{
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    // The C1 controls U+0080 to U+009F are C2 80 to C2 9F in UTF-8; U+009B starts an escape sequence too.
    const bool c1 = byte == 0xc2 && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xe0) == 0x80;
    if (is_ascii_control(text[i])) {
      out += fmt::format("\\u{:04x}", byte);
    } else if (c1) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[++i]));
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace infertrack::util
