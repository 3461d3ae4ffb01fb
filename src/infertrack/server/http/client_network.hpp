#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace infertrack::server::http {

// An IP address in one spelling, so that addresses compare as text: IPv4 dotted (an IPv4-mapped IPv6 address
// too), IPv6 as inet_ntop writes it. Nullopt for a text that is no bare IP address (a port or brackets included).
std::optional<std::string> canonical_address(std::string_view text);

// The network a peer address counts as for per-client limits. An IPv4 address is itself (an IPv4-mapped IPv6
// address included, so a dual-stack listener counts IPv4 peers as an IPv4 one does); an IPv6 address is its /64, the
// smallest network a provider hands out, whose 2^64 addresses one client may use in turn. Anything else is unchanged.
std::string client_network(std::string_view address);

}  // namespace infertrack::server::http
