#include "store/community_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::store::testing {
namespace {

using CommunitySessionsTest = CommunityTest;

TEST_F(CommunitySessionsTest, add_session_then_session_round_trips)
{
  const UserId ada = add_user("ada");
  const SessionRecord original{"0f1e2d", ada, k_t0, k_t0 + 30};
  community().add_session(original);
  EXPECT_EQ(community().session("0f1e2d"), original);
}

TEST_F(CommunitySessionsTest, session_of_an_unknown_hash_is_empty)
{
  EXPECT_FALSE(community().session("no-such-hash"));
}

TEST_F(CommunitySessionsTest, add_session_for_an_unknown_account_throws_store_error)
{
  EXPECT_THROW(community().add_session(SessionRecord{"h", 999, k_t0, k_t0}), StoreError);
  EXPECT_FALSE(community().session("h"));
}

TEST_F(CommunitySessionsTest, touch_session_moves_last_seen_only)
{
  const UserId ada = add_user("ada");
  community().add_session(SessionRecord{"h", ada, k_t0, k_t0});
  community().touch_session("h", k_t0 + 600);
  EXPECT_EQ(community().session("h"), (SessionRecord{"h", ada, k_t0, k_t0 + 600}));
  community().touch_session("unknown", k_t0 + 700); // nothing to touch: not an error
  EXPECT_EQ(community().session("h")->last_seen_at, k_t0 + 600);
}

TEST_F(CommunitySessionsTest, delete_session_ends_that_session_only)
{
  const UserId ada = add_user("ada");
  community().add_session(SessionRecord{"a", ada, k_t0, k_t0});
  community().add_session(SessionRecord{"b", ada, k_t0, k_t0});
  community().delete_session("a");
  community().delete_session("unknown");
  EXPECT_FALSE(community().session("a"));
  EXPECT_TRUE(community().session("b"));
}

TEST_F(CommunitySessionsTest, delete_sessions_of_keeps_the_given_session_and_other_accounts)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  for (const char* hash : {"a1", "a2", "a3"}) {
    community().add_session(SessionRecord{hash, ada, k_t0, k_t0});
  }
  community().add_session(SessionRecord{"b1", bob, k_t0, k_t0});
  community().delete_sessions_of(ada, std::string_view("a2"));
  EXPECT_FALSE(community().session("a1"));
  EXPECT_TRUE(community().session("a2"));
  EXPECT_FALSE(community().session("a3"));
  EXPECT_TRUE(community().session("b1"));
  community().delete_sessions_of(ada, std::nullopt);
  EXPECT_FALSE(community().session("a2"));
  EXPECT_TRUE(community().session("b1"));
}

TEST_F(CommunitySessionsTest, delete_expired_sessions_removes_idle_and_old_ones_and_counts_them)
{
  const UserId ada = add_user("ada");
  community().add_session(SessionRecord{"fresh", ada, k_t0 + 100, k_t0 + 100});
  community().add_session(SessionRecord{"idle", ada, k_t0 + 100, k_t0 + 10});
  community().add_session(SessionRecord{"old", ada, k_t0, k_t0 + 200});
  community().add_session(SessionRecord{"edge", ada, k_t0 + 50, k_t0 + 50}); // exactly at both bounds: kept
  EXPECT_EQ(community().delete_expired_sessions(k_t0 + 50, k_t0 + 50), 2);
  EXPECT_TRUE(community().session("fresh"));
  EXPECT_FALSE(community().session("idle"));
  EXPECT_FALSE(community().session("old"));
  EXPECT_TRUE(community().session("edge"));
  EXPECT_EQ(community().delete_expired_sessions(k_t0 + 50, k_t0 + 50), 0);
}

TEST_F(CommunitySessionsTest, a_trusted_device_is_trusted_for_its_account_only_and_while_recently_used)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  community().trust_device("laptop", ada, k_t0);
  EXPECT_TRUE(community().device_trusted("laptop", ada, k_t0));
  EXPECT_FALSE(community().device_trusted("laptop", bob, k_t0)) << "another account";
  EXPECT_FALSE(community().device_trusted("phone", ada, k_t0)) << "another browser";
  EXPECT_FALSE(community().device_trusted("laptop", ada, k_t0 + 1)) << "not used since";

  community().trust_device("laptop", ada, k_t0 + 500);  // used again: moves on, no second row
  EXPECT_TRUE(community().device_trusted("laptop", ada, k_t0 + 500));
  community().trust_device("laptop", bob, k_t0 + 10);  // one browser, two accounts
  EXPECT_TRUE(community().device_trusted("laptop", bob, k_t0 + 10));
  EXPECT_THROW(community().trust_device("tablet", 999, k_t0), StoreError) << "no such account";
}

TEST_F(CommunitySessionsTest, an_account_trusts_only_its_most_recently_used_browsers)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  community().trust_device("bobs", bob, k_t0);
  for (std::int64_t i = 0; i < k_trusted_devices_per_user + 2; ++i) {
    community().trust_device("browser " + std::to_string(i), ada, k_t0 + i);
  }
  EXPECT_FALSE(community().device_trusted("browser 0", ada, 0));
  EXPECT_FALSE(community().device_trusted("browser 1", ada, 0));
  for (std::int64_t i = 2; i < k_trusted_devices_per_user + 2; ++i) {
    EXPECT_TRUE(community().device_trusted("browser " + std::to_string(i), ada, 0)) << i;
  }
  // Used again, the oldest trusted one becomes the newest; the next new one pushes out another.
  community().trust_device("browser 2", ada, k_t0 + 100);
  community().trust_device("one more", ada, k_t0 + 101);
  EXPECT_TRUE(community().device_trusted("browser 2", ada, 0));
  EXPECT_FALSE(community().device_trusted("browser 3", ada, 0));
  EXPECT_TRUE(community().device_trusted("bobs", bob, 0)) << "another account's browsers do not count";
}

TEST_F(CommunitySessionsTest, forget_devices_of_keeps_the_given_browser_and_other_accounts)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  for (const char* hash : {"a1", "a2"}) {
    community().trust_device(hash, ada, k_t0);
  }
  community().trust_device("b1", bob, k_t0);
  community().forget_devices_of(ada, std::string_view("a2"));
  EXPECT_FALSE(community().device_trusted("a1", ada, 0));
  EXPECT_TRUE(community().device_trusted("a2", ada, 0));
  community().forget_devices_of(ada, std::nullopt);
  EXPECT_FALSE(community().device_trusted("a2", ada, 0));
  EXPECT_TRUE(community().device_trusted("b1", bob, 0));
}

TEST_F(CommunitySessionsTest, forget_devices_drops_those_unused_since_and_deleting_an_account_drops_its_own)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  community().trust_device("old", ada, k_t0);
  community().trust_device("edge", ada, k_t0 + 50);  // last used exactly at the bound: kept
  community().trust_device("recent", ada, k_t0 + 100);
  community().trust_device("bobs", bob, k_t0 + 100);
  EXPECT_EQ(community().forget_devices(k_t0 + 50), 1);
  EXPECT_FALSE(community().device_trusted("old", ada, 0));
  EXPECT_TRUE(community().device_trusted("edge", ada, 0));

  ASSERT_TRUE(community().delete_user(ada));
  EXPECT_FALSE(community().device_trusted("recent", ada, 0));
  EXPECT_FALSE(community().device_trusted("edge", ada, 0));
  EXPECT_TRUE(community().device_trusted("bobs", bob, 0)) << "another account's browsers stay";
}

}  // namespace
}  // namespace infertrack::store::testing
