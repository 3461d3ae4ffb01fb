#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

// Walking UTF-8 text that is known to be valid (domain::is_valid_utf8 checks it).
namespace infertrack::util {

// The number of characters (code points) in valid UTF-8 `text`.
std::size_t utf8_length(std::string_view text);

// Calls `visit` with each code point of valid UTF-8 `text` in order until it returns false; false when it did.
template<typename Visit>
bool
each_code_point(std::string_view text, Visit visit)
{
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char lead = bytes[i];
    const std::size_t length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
    std::uint32_t code = length == 1 ? lead : length == 2 ? lead & 0x1Fu : length == 3 ? lead & 0x0Fu : lead & 0x07u;
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k) {
      code = (code << 6) | (bytes[i + k] & 0x3Fu);
    }
    if (!visit(code)) {
      return false;
    }
    i += length;
  }
  return true;
}

}  // namespace infertrack::util
