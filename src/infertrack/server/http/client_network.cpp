#include "infertrack/server/http/client_network.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstdint>

namespace infertrack::server::http {

std::optional<std::string>
canonical_address(std::string_view text)
{
  const std::string address(util::trim(text));
  std::array<std::uint8_t, 16> bytes{};
  std::array<char, INET6_ADDRSTRLEN> printed{};
  if (inet_pton(AF_INET, address.c_str(), bytes.data()) == 1) {
    inet_ntop(AF_INET, bytes.data(), printed.data(), printed.size());
    return std::string(printed.data());
  }
  if (inet_pton(AF_INET6, address.c_str(), bytes.data()) != 1) {
    return std::nullopt;
  }
  constexpr std::array<std::uint8_t, 12> k_mapped_prefix = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::equal(k_mapped_prefix.begin(), k_mapped_prefix.end(), bytes.begin())) {
    inet_ntop(AF_INET, bytes.data() + 12, printed.data(), printed.size());
  } else {
    inet_ntop(AF_INET6, bytes.data(), printed.data(), printed.size());
  }
  return std::string(printed.data());
}

std::string
client_network(std::string_view address)
{
  const std::optional<std::string> canonical = canonical_address(address);
  if (!canonical || canonical->find(':') == std::string::npos) {
    return canonical.value_or(std::string(address)); // IPv4, or no address at all
  }
  std::array<std::uint8_t, 16> bytes{};
  inet_pton(AF_INET6, canonical->c_str(), bytes.data());
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  std::array<char, INET6_ADDRSTRLEN> printed{};
  inet_ntop(AF_INET6, bytes.data(), printed.data(), printed.size());
  return std::string(printed.data()) + "/64";
}

}  // namespace infertrack::server::http
