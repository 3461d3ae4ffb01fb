#include "infertrack/domain/visible_text.hpp"

#include <cstdint>

namespace infertrack::domain {
namespace {

// Calls `visit` with each code point of valid UTF-8 `text` until it returns false; false if it did.
template<typename Visit>
bool
each_code_point(std::string_view text, Visit visit)
{
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char lead = bytes[i];
    const std::size_t length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
    std::uint32_t code = length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07;
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k) {
      code = (code << 6) | (bytes[i + k] & 0x3F);
    }
    if (!visit(code)) {
      return false;
    }
    i += length;
  }
  return true;
}

bool
is_direction_control(std::uint32_t c)
{
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// Unicode White_Space, and the default-ignorable characters that draw nothing where a name or a comment is shown.
bool
is_blank_or_invisible(std::uint32_t c)
{
  if (c < 0x80) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }
  return c == 0x85 || c == 0xA0 || c == 0xAD || c == 0x034F || c == 0x061C || c == 0x115F || c == 0x1160
         || c == 0x1680 || c == 0x180E || (c >= 0x2000 && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F)
         || (c >= 0x205F && c <= 0x206F) || c == 0x2800 || c == 0x3000 || c == 0x3164 || c == 0xFEFF
         || c == 0xFFA0 || is_direction_control(c);
}

}  // namespace

bool
looks_blank(std::string_view text)
{
  return each_code_point(text, is_blank_or_invisible);
}

bool
has_direction_controls(std::string_view text)
{
  return !each_code_point(text, [](std::uint32_t c) { return !is_direction_control(c); });
}

}  // namespace infertrack::domain
