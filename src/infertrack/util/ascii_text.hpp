#pragma once

#include <string>
#include <string_view>

namespace infertrack::util {

// What a trim removes; callers say which, since HTTP fields allow only spaces and tabs around values
// (RFC 9110 "OWS") while typed-in text may also carry line breaks.
inline constexpr std::string_view k_spaces_and_tabs = " \t";
inline constexpr std::string_view k_ascii_whitespace = " \t\r\n\f\v";

// `text` without leading and trailing characters of `blanks`.
std::string_view trim(std::string_view text, std::string_view blanks = k_ascii_whitespace);

// `text` with ASCII letters lower-cased and every other byte kept: a locale never changes a key or a
// header name, and UTF-8 passes through untouched.
std::string ascii_lower(std::string_view text);

// Whether `c` is an ASCII control character (C0, U+0000 to U+001F, or DEL): a byte no text shows.
constexpr bool
is_ascii_control(char c)
{
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7f;
}

// `text` with each control character (ASCII, and the C1 controls of UTF-8) written as \uXXXX: what a terminal can be
// given of text read from an input (a NUL would end a C string there, an escape sequence rewrite the screen, a line
// break forge another line).
std::string printable_text(std::string_view text);

// Whether `a` and `b` are equal ignoring the case of ASCII letters.
bool ascii_iequals(std::string_view a, std::string_view b);

}  // namespace infertrack::util
