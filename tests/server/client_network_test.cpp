#include "infertrack/server/http/client_network.hpp"

#include <gtest/gtest.h>

using infertrack::server::http::client_network;

TEST(client_network, an_ipv4_address_is_itself)
{
  EXPECT_EQ(client_network("192.0.2.10"), "192.0.2.10");
  EXPECT_EQ(client_network("127.0.0.1"), "127.0.0.1");
}

TEST(client_network, an_ipv4_mapped_address_counts_as_ipv4)
{
  EXPECT_EQ(client_network("::ffff:192.0.2.10"), "192.0.2.10");
}

TEST(client_network, an_ipv6_address_counts_as_its_slash_64)
{
  EXPECT_EQ(client_network("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  EXPECT_EQ(client_network("2001:db8:1:2::9"), "2001:db8:1:2::/64");
  EXPECT_EQ(client_network("::1"), "::/64");
}

TEST(client_network, anything_else_is_unchanged)
{
  EXPECT_EQ(client_network("unknown"), "unknown");
  EXPECT_EQ(client_network("not:an:address"), "not:an:address");
}
