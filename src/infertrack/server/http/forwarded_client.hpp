#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace infertrack::server::http {

// The client a request comes from. Behind a reverse proxy every connection comes from the proxy, so per-client limits
// would count every visitor as one; a proxy the server is told to trust (`trusted_proxies`, canonical addresses)
// names the client in X-Forwarded-For instead. The entries are read from the right, since a client may write any
// addresses at the left: the first that is not a trusted proxy is the client. With no such header, or a malformed
// entry before an untrusted one is found, the peer itself is the client (all that is known for sure).
// `headers` are a request's fields, names lower-cased.
std::string forwarded_client(std::string_view peer,
                             const std::vector<std::pair<std::string, std::string>>& headers,
                             const std::vector<std::string>& trusted_proxies);

}  // namespace infertrack::server::http
