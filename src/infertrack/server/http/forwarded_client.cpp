#include "infertrack/server/http/forwarded_client.hpp"

#include "infertrack/server/http/client_network.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <algorithm>

namespace infertrack::server::http {
namespace {

// An entry without its port: "[v6]:port" and "v4:port" lose it; a bare IPv6 address (several colons) keeps its colons.
std::string_view
without_port(std::string_view entry)
{
  entry = util::trim(entry);
  if (entry.starts_with('[')) {
    const std::size_t close = entry.find(']');
    return close == std::string_view::npos ? entry : entry.substr(1, close - 1);
  }
  const std::size_t colon = entry.find(':');
  return colon != std::string_view::npos && entry.find(':', colon + 1) == std::string_view::npos
           ? entry.substr(0, colon)
           : entry;
}

}  // namespace

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
    // Proxies may write the client's port too (`192.0.2.1:443`, `[2001:db8::1]:443`).
    const std::optional<std::string> address = canonical_address(without_port(*entry));
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
