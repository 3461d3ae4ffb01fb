#include "infertrack/server/http/client_network.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstdint>

namespace infertrack::server::http {

std::string
client_network(std::string_view address)
{
  const std::string text(address);
  std::array<std::uint8_t, 16> bytes{};
  if (text.find(':') == std::string::npos || inet_pton(AF_INET6, text.c_str(), bytes.data()) != 1) {
    return text;
  }
  constexpr std::array<std::uint8_t, 12> k_mapped_prefix = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  std::array<char, INET6_ADDRSTRLEN> printed{};
  if (std::equal(k_mapped_prefix.begin(), k_mapped_prefix.end(), bytes.begin())) {
    inet_ntop(AF_INET, bytes.data() + 12, printed.data(), printed.size());
    return printed.data();
  }
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  inet_ntop(AF_INET6, bytes.data(), printed.data(), printed.size());
  return std::string(printed.data()) + "/64";
}

}  // namespace infertrack::server::http
