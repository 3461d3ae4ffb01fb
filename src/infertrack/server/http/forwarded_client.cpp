#include "infertrack/server/http/forwarded_client.hpp"

#include "infertrack/server/http/client_network.hpp"

#include <algorithm>

namespace infertrack::server::http {
std::string
forwarded_client(std::string_view peer,
                 const std::vector<std::pair<std::string, std::string>>& headers,
                 const std::vector<std::string>& trusted_proxies)
{
  const auto trusted = [&](const std::string& address) {
    return std::find(trusted_proxies.begin(), trusted_proxies.end(), address) != trusted_proxies.end();
  };
  const std::optional<std::string> peer_address = canonical_address(peer);
  if (!peer_address || !trusted(*peer_address)) {
    return std::string(peer);
  }
  // Several fields are one list, in the order sent (RFC 9110, section 5.3).
  std::vector<std::string_view> entries;
  for (const auto& [name, value] : headers) {
    if (name != "x-forwarded-for") {
      continue;
    }
    std::string_view rest = value;
    while (true) {
      const std::size_t comma = rest.find(',');
      entries.push_back(rest.substr(0, comma));
      if (comma == std::string_view::npos) {
        break;
      }
      rest.remove_prefix(comma + 1);
    }
  }
  for (auto entry = entries.rbegin(); entry != entries.rend(); ++entry) {
    const std::optional<std::string> address = canonical_address(*entry);
    if (!address) {
      break; // a proxy that is trusted writes addresses: past a malformed entry nothing is known
    }
    if (!trusted(*address)) {
      return *address;
    }
  }
  return std::string(peer);
}

}  // namespace infertrack::server::http
