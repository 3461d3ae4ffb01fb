#pragma once

#include <string>
#include <string_view>

namespace infertrack::util {

// `text` with every byte that `kept` refuses written as %XX (upper-case hex); `kept` decides per character, since
// each part of a URL keeps other characters.
template<typename Kept>
std::string
percent_encoded(std::string_view text, Kept kept)
{
  constexpr std::string_view k_hex = "0123456789ABCDEF";
  std::string encoded;
  encoded.reserve(text.size());
  for (const char c : text) {
    if (kept(c)) {
      encoded += c;
    } else {
      const auto byte = static_cast<unsigned char>(c);
      encoded += '%';
      encoded += k_hex[byte >> 4];
      encoded += k_hex[byte & 0xF];
    }
  }
  return encoded;
}

}  // namespace infertrack::util
