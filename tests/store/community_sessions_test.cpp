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

}  // namespace
}  // namespace infertrack::store::testing
