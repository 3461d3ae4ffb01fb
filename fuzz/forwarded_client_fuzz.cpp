// libFuzzer target for the client a request is counted as behind a trusted proxy (X-Forwarded-For, each line of the
// input one field) and for the address spellings per-client limits compare: any bytes must give an address, never a
// crash, a sanitizer report or a hang. The client named is the peer or an untrusted address in canonical spelling.
#include "infertrack/server/http/client_network.hpp"
#include "infertrack/server/http/forwarded_client.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace http = infertrack::server::http;

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::pair<std::string, std::string>> headers;
  for (std::string_view rest = input;;) {
    const std::size_t newline = rest.find('\n');
    headers.emplace_back("x-forwarded-for", std::string(rest.substr(0, newline)));
    if (newline == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(newline + 1);
  }

  const std::string peer = "10.0.0.1";
  const std::vector<std::string> trusted = {peer, "::1", "192.0.2.7", "2001:db8::7"};
  const std::string client = http::forwarded_client(peer, headers, trusted);
  if (client != peer
      && (http::canonical_address(client) != client
          || std::find(trusted.begin(), trusted.end(), client) != trusted.end())) {
    __builtin_trap();
  }
  (void)http::client_network(client);

  // One spelling per address: the canonical spelling is its own.
  for (const auto& [name, value] : headers) {
    if (const auto address = http::canonical_address(value)) {
      if (http::canonical_address(*address) != *address) {
        __builtin_trap();
      }
      (void)http::client_network(*address);
    }
  }
  return 0;
}
