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
  for (const char c : text) {
    if (is_ascii_control(c)) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace infertrack::util
