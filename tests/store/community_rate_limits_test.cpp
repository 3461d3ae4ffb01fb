#include "store/community_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::store::testing {
namespace {

using ::testing::ElementsAre;

using CommunityRateLimitsTest = CommunityTest;

TEST_F(CommunityRateLimitsTest, rate_limit_rules_holds_the_defaults_after_migration)
{
  EXPECT_THAT(community().rate_limit_rules(),
              ElementsAre(RateLimitRule{"comment_per_user", 10, 60},
                          RateLimitRule{"sign_in_per_account", 20, 900},
                          RateLimitRule{"sign_in_per_address", 100, 900},
                          RateLimitRule{"sign_in_per_device", 20, 900},
                          RateLimitRule{"sign_up_per_address", 10, 3600}));
}

TEST_F(CommunityRateLimitsTest, set_rate_limit_rule_changes_a_known_rule_for_every_store_on_the_file)
{
  ASSERT_TRUE(community().set_rate_limit_rule(RateLimitRule{"comment_per_user", 3, 30}));
  EXPECT_EQ(community().rate_limit_rules().front(), (RateLimitRule{"comment_per_user", 3, 30}));
  auto other = open_other();
  EXPECT_EQ(other->community().rate_limit_rules().front(), (RateLimitRule{"comment_per_user", 3, 30}));
}

TEST_F(CommunityRateLimitsTest, set_rate_limit_rule_refuses_an_unknown_name_and_adds_no_rule)
{
  const auto refused = community().set_rate_limit_rule(RateLimitRule{"comments_per_user", 3, 30});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().to_string(),
            "comments_per_user:name: \"comments_per_user\" is not a known rate limit");
  EXPECT_EQ(community().rate_limit_rules().size(), 5u);
}

TEST_F(CommunityRateLimitsTest, set_rate_limit_rule_refuses_a_limit_or_window_below_one)
{
  const std::string before = dump();
  const auto no_events = community().set_rate_limit_rule(RateLimitRule{"comment_per_user", 0, 60});
  ASSERT_FALSE(no_events);
  EXPECT_EQ(no_events.error().to_string(), "comment_per_user:max_events: must be at least 1 (got 0)");
  const auto no_window = community().set_rate_limit_rule(RateLimitRule{"sign_in_per_account", 5, -1});
  ASSERT_FALSE(no_window);
  EXPECT_EQ(no_window.error().to_string(), "sign_in_per_account:window_seconds: must be at least 1 (got -1)");
  EXPECT_EQ(dump(), before);
}

TEST_F(CommunityRateLimitsTest, events_since_counts_one_rule_and_key_from_since_on)
{
  EXPECT_EQ(community().events_since("sign_in_per_account", "1", k_t0).count, 0);
  EXPECT_EQ(community().events_since("sign_in_per_account", "1", k_t0).oldest_at, 0);
  community().add_event("sign_in_per_account", "1", k_t0 - 1); // before the window
  community().add_event("sign_in_per_account", "1", k_t0);     // at its start: counted
  community().add_event("sign_in_per_account", "1", k_t0 + 9);
  community().add_event("sign_in_per_account", "2", k_t0 + 5);
  community().add_event("sign_in_per_address", "1", k_t0 + 5);
  const EventWindow window = community().events_since("sign_in_per_account", "1", k_t0);
  EXPECT_EQ(window.count, 2);
  EXPECT_EQ(window.oldest_at, k_t0);
  EXPECT_EQ(window.newest_at, k_t0 + 9);
}

TEST_F(CommunityRateLimitsTest, take_event_records_until_the_limit_then_refuses)
{
  for (int i = 0; i < 3; ++i) {
    const auto take = community().take_event("comment_per_user", "7", k_t0, k_t0 + i, 3);
    EXPECT_TRUE(take.taken) << i;
    EXPECT_EQ(take.before.count, i);
    EXPECT_EQ(take.before.oldest_at, i == 0 ? 0 : k_t0);
    EXPECT_EQ(take.before.newest_at, i == 0 ? 0 : k_t0 + i - 1);
  }
  const auto refused = community().take_event("comment_per_user", "7", k_t0, k_t0 + 3, 3);
  EXPECT_FALSE(refused.taken);
  EXPECT_EQ(refused.before.count, 3);
  EXPECT_EQ(refused.before.oldest_at, k_t0);
  EXPECT_EQ(community().events_since("comment_per_user", "7", 0).count, 3); // the refusal recorded nothing
  // Once the oldest event leaves the window there is room again.
  EXPECT_TRUE(community().take_event("comment_per_user", "7", k_t0 + 1, k_t0 + 61, 3).taken);
  // Another key has its own count.
  EXPECT_TRUE(community().take_event("comment_per_user", "8", k_t0, k_t0, 3).taken);
}

TEST_F(CommunityRateLimitsTest, clear_events_forgets_one_rule_and_key)
{
  community().add_event("sign_in_per_account", "1", k_t0);
  community().add_event("sign_in_per_account", "2", k_t0);
  community().add_event("sign_in_per_address", "1", k_t0);
  community().clear_events("sign_in_per_account", "1");
  EXPECT_EQ(community().events_since("sign_in_per_account", "1", 0).count, 0);
  EXPECT_EQ(community().events_since("sign_in_per_account", "2", 0).count, 1);
  EXPECT_EQ(community().events_since("sign_in_per_address", "1", 0).count, 1);
}

// A right password takes back its own reserved count and the failures before it, never the counts of guesses
// reserved after it (still being checked).
TEST_F(CommunityRateLimitsTest, taken_events_are_removed_by_id_and_cleared_through_one)
{
  const auto all = [](const EventWindow&) { return true; };
  community().add_event("sign_in_per_account", "1", k_t0);                                  // an earlier failure
  const auto own = community().take_event_if("sign_in_per_account", "1", 0, k_t0 + 5, all);  // this attempt
  const auto later = community().take_event_if("sign_in_per_account", "1", 0, k_t0 + 5, all);  // a guess in flight
  const auto other = community().take_event_if("sign_in_per_address", "1", 0, k_t0 + 5, all);
  ASSERT_TRUE(own.taken && later.taken && other.taken);
  EXPECT_LT(own.event, later.event);
  community().clear_events_through("sign_in_per_account", "1", own.event);
  EXPECT_EQ(community().events_since("sign_in_per_account", "1", 0).count, 1) << "the guess in flight stays";
  community().remove_event(other.event);
  EXPECT_EQ(community().events_since("sign_in_per_address", "1", 0).count, 0);
  community().remove_event(later.event);
  EXPECT_EQ(community().events_since("sign_in_per_account", "1", 0).count, 0);
}

TEST_F(CommunityRateLimitsTest, prune_events_drops_events_older_than_before_and_counts_them)
{
  community().add_event("sign_in_per_account", "1", k_t0 - 10);
  community().add_event("sign_up_per_address", "::1", k_t0 - 1);
  community().add_event("sign_in_per_account", "1", k_t0);
  EXPECT_EQ(community().prune_events(k_t0), 2);
  EXPECT_EQ(community().events_since("sign_in_per_account", "1", 0).count, 1);
  EXPECT_EQ(community().events_since("sign_up_per_address", "::1", 0).count, 0);
  EXPECT_EQ(community().prune_events(k_t0), 0);
}

TEST_F(CommunityRateLimitsTest, add_audit_assigns_ids_and_audit_log_lists_the_newest_first)
{
  const UserId admin = add_user("root", true);
  community().add_audit(AuditEntry{0, k_t0, admin, "root", "hide_comment", "comment:12", "spam"});
  community().add_audit(AuditEntry{0, k_t0 + 1, std::nullopt, "command line", "add_admin", "user:3", ""});
  community().add_audit(AuditEntry{0, k_t0 + 2, admin, "root", "restore_comment", "comment:12", ""});
  const auto all = community().audit_log(10);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].action, "restore_comment");
  EXPECT_GT(all[0].id, all[1].id);
  EXPECT_GT(all[1].id, all[2].id);
  EXPECT_EQ(all[1],
            (AuditEntry{all[1].id, k_t0 + 1, std::nullopt, "command line", "add_admin", "user:3", ""}));
  EXPECT_EQ(all[2], (AuditEntry{all[2].id, k_t0, admin, "root", "hide_comment", "comment:12", "spam"}));
  const auto newest = community().audit_log(2);
  ASSERT_EQ(newest.size(), 2u);
  EXPECT_EQ(newest[1].action, "add_admin");
  EXPECT_TRUE(community().audit_log(0).empty());
}

}  // namespace
}  // namespace infertrack::store::testing
