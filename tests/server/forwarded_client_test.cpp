#include "infertrack/server/http/client_network.hpp"
#include "infertrack/server/http/forwarded_client.hpp"

#include <gtest/gtest.h>

namespace infertrack::server::http {
namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;

TEST(canonical_address, spells_each_bare_address_one_way)
{
  EXPECT_EQ(canonical_address("192.0.2.1"), "192.0.2.1");
  EXPECT_EQ(canonical_address(" 192.0.2.1 "), "192.0.2.1");
  EXPECT_EQ(canonical_address("::ffff:192.0.2.1"), "192.0.2.1");
  EXPECT_EQ(canonical_address("2001:DB8:0:0::1"), "2001:db8::1");
  for (const char* bad : {"", "unknown", "192.0.2", "192.0.2.1.5", "2001:db8::1::2", "[2001:db8::1", "_hidden",
                          "192.0.2.1:443", "[2001:db8::1]", "[2001:db8::1]:8443"}) {
    EXPECT_EQ(canonical_address(bad), std::nullopt) << bad;
  }
}

TEST(forwarded_client, a_peer_that_is_no_trusted_proxy_is_the_client_whatever_it_sends)
{
  const Headers spoofed = {{"x-forwarded-for", "203.0.113.9"}};
  EXPECT_EQ(forwarded_client("198.51.100.4", spoofed, {}), "198.51.100.4");
  EXPECT_EQ(forwarded_client("198.51.100.4", spoofed, {"127.0.0.1"}), "198.51.100.4");
}

TEST(forwarded_client, a_trusted_proxy_names_the_client_read_from_the_right)
{
  const std::vector<std::string> proxies = {"127.0.0.1", "10.0.0.2"};
  EXPECT_EQ(forwarded_client("127.0.0.1", {{"x-forwarded-for", "203.0.113.9"}}, proxies), "203.0.113.9");
  // The client wrote the left entry itself; the proxy appended the address it saw.
  EXPECT_EQ(forwarded_client("127.0.0.1", {{"x-forwarded-for", "1.2.3.4, 203.0.113.9"}}, proxies), "203.0.113.9");
  // A chain of trusted proxies is walked past; several fields are one list, in order.
  EXPECT_EQ(forwarded_client("127.0.0.1", {{"x-forwarded-for", "1.2.3.4, 203.0.113.9"}, {"x-forwarded-for", "10.0.0.2"}},
                             proxies),
            "203.0.113.9");
  // A port the proxy wrote beside the client's address is dropped.
  EXPECT_EQ(forwarded_client("::ffff:127.0.0.1", {{"x-forwarded-for", "[2001:db8::7]:5000"}}, proxies), "2001:db8::7");
  EXPECT_EQ(forwarded_client("127.0.0.1", {{"x-forwarded-for", " 192.0.2.1:443 "}}, proxies), "192.0.2.1");
  EXPECT_EQ(forwarded_client("127.0.0.1", {{"x-forwarded-for", "[2001:DB8::1]:8443"}}, proxies), "2001:db8::1");
  EXPECT_EQ(client_network(forwarded_client("127.0.0.1", {{"x-forwarded-for", "2001:db8:1:2::7"}}, proxies)),
            "2001:db8:1:2::/64");
}

TEST(forwarded_client, without_a_readable_client_the_proxy_is_the_client)
{
  const std::vector<std::string> proxies = {"127.0.0.1"};
  EXPECT_EQ(forwarded_client("127.0.0.1", {}, proxies), "127.0.0.1");
  EXPECT_EQ(forwarded_client("127.0.0.1", {{"x-forwarded-for", ""}}, proxies), "127.0.0.1");
  EXPECT_EQ(forwarded_client("127.0.0.1", {{"x-forwarded-for", "203.0.113.9, unknown"}}, proxies), "127.0.0.1");
  EXPECT_EQ(forwarded_client("127.0.0.1", {{"x-forwarded-for", "127.0.0.1"}}, proxies), "127.0.0.1");
}

}  // namespace
}  // namespace infertrack::server::http
