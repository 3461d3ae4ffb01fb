#include "infertrack/domain/visible_text.hpp"

#include "infertrack/util/utf8_text.hpp"

#include <cstdint>

namespace infertrack::domain {
namespace {

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
  // White_Space beyond ASCII: 0085, 00A0, 1680, 2000-200A, 2028-2029, 202F, 205F, 3000; Unicode's
  // Default_Ignorable_Code_Point: 00AD, 034F, 061C, 115F-1160, 17B4-17B5, 180B-180F, 200B-200F, 202A-202E, 2060-206F,
  // 3164, FE00-FE0F, FEFF, FFA0, FFF0-FFF8, 1BCA0-1BCA3, 1D173-1D17A, E0000-E0FFF; and the blank braille cell 2800.
  return c == 0x85 || c == 0xA0 || c == 0xAD || c == 0x034F || c == 0x061C || c == 0x115F || c == 0x1160
         || c == 0x1680 || c == 0x17B4 || c == 0x17B5 || (c >= 0x180B && c <= 0x180F) || (c >= 0x2000 && c <= 0x200F)
         || (c >= 0x2028 && c <= 0x202F) || (c >= 0x205F && c <= 0x206F) || c == 0x2800 || c == 0x3000
         || c == 0x3164 || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0xFFA0 || (c >= 0xFFF0 && c <= 0xFFF8)
         || (c >= 0x1BCA0 && c <= 0x1BCA3) || (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xE0000 && c <= 0xE0FFF);
}

}  // namespace

bool
looks_blank(std::string_view text)
{
  return util::each_code_point(text, is_blank_or_invisible);
}

bool
has_direction_controls(std::string_view text)
{
  return !util::each_code_point(text, [](std::uint32_t c) { return !is_direction_control(c); });
}

}  // namespace infertrack::domain
