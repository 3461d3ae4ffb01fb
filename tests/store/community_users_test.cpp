#include "store/community_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::store::testing {
namespace {

using ::testing::ElementsAre;

using CommunityUsersTest = CommunityTest;

TEST_F(CommunityUsersTest, add_user_then_user_round_trips_every_field)
{
  const auto id = community().add_user(NewUser{"Ada", "ada@example.com", "$argon2id$v=19$x", true, k_t0 + 5});
  ASSERT_TRUE(id);
  EXPECT_EQ(community().user(*id),
            (UserRecord{*id, "Ada", "ada@example.com", "$argon2id$v=19$x", true, false, k_t0 + 5}));
}

TEST_F(CommunityUsersTest, add_user_assigns_increasing_ids)
{
  const UserId first = add_user("ada");
  const UserId second = add_user("bob");
  EXPECT_GT(first, 0);
  EXPECT_GT(second, first);
}

TEST_F(CommunityUsersTest, add_user_refuses_an_email_a_live_account_has_and_leaves_the_store_unchanged)
{
  add_user("ada");
  const std::string before = dump();
  const auto refused = community().add_user(NewUser{"Other Ada", "ada@example.com", "h", false, k_t0});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().record, "account");
  EXPECT_EQ(refused.error().field, "email");
  EXPECT_EQ(refused.error().to_string(), "account:email: an account with this email exists already");
  EXPECT_EQ(dump(), before);
  EXPECT_EQ(community().users().size(), 1u);
}

TEST_F(CommunityUsersTest, add_user_refuses_a_display_name_a_live_account_has_in_any_ascii_case)
{
  const UserId ada = add_user("Ada");
  const std::string before = dump();
  for (const char* name : {"Ada", "ADA", "aDa"}) {
    const auto refused = community().add_user(NewUser{name, std::string(name) + "2@example.com", "h", false, k_t0});
    ASSERT_FALSE(refused) << name;
    EXPECT_EQ(refused.error().to_string(), "account:display_name: another account has this display name; choose another");
  }
  EXPECT_EQ(dump(), before);
  EXPECT_TRUE(community().add_user(NewUser{"Ada L.", "lovelace@example.com", "h", false, k_t0}));
  // A deleted account's name is free again, as its email is.
  ASSERT_TRUE(community().delete_user(ada));
  EXPECT_TRUE(community().add_user(NewUser{"ada", "ada3@example.com", "h", false, k_t0}));
}

TEST_F(CommunityUsersTest, user_of_an_unknown_id_is_empty)
{
  EXPECT_FALSE(community().user(42));
}

TEST_F(CommunityUsersTest, user_by_email_finds_only_a_live_account)
{
  const UserId ada = add_user("ada");
  ASSERT_TRUE(community().user_by_email("ada@example.com"));
  EXPECT_EQ(community().user_by_email("ada@example.com")->id, ada);
  EXPECT_FALSE(community().user_by_email("ADA@example.com")); // the caller normalises
  EXPECT_FALSE(community().user_by_email("nobody@example.com"));
  ASSERT_TRUE(community().delete_user(ada));
  EXPECT_FALSE(community().user_by_email("ada@example.com"));
  EXPECT_FALSE(community().user_by_email("")); // a deleted account's blank email matches nothing
}

TEST_F(CommunityUsersTest, users_lists_every_account_deleted_ones_included_by_id)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  const UserId eve = add_user("eve");
  ASSERT_TRUE(community().delete_user(bob));
  const auto all = community().users();
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].id, ada);
  EXPECT_EQ(all[1].id, bob);
  EXPECT_TRUE(all[1].deleted);
  EXPECT_EQ(all[2].id, eve);
}

TEST_F(CommunityUsersTest, set_password_hash_changes_a_live_account_only)
{
  const UserId ada = add_user("ada");
  EXPECT_TRUE(community().set_password_hash(ada, "new-hash"));
  EXPECT_EQ(community().user(ada)->password_hash, "new-hash");
  EXPECT_FALSE(community().set_password_hash(ada + 100, "new-hash"));
  ASSERT_TRUE(community().delete_user(ada));
  EXPECT_FALSE(community().set_password_hash(ada, "after-deletion"));
  EXPECT_EQ(community().user(ada)->password_hash, "");
}

TEST_F(CommunityUsersTest, set_admin_changes_a_live_account_only)
{
  const UserId ada = add_user("ada");
  EXPECT_TRUE(community().set_admin(ada, true));
  EXPECT_TRUE(community().user(ada)->admin);
  EXPECT_TRUE(community().set_admin(ada, true)); // already an admin: still a live account
  EXPECT_TRUE(community().set_admin(ada, false));
  EXPECT_FALSE(community().user(ada)->admin);
  EXPECT_FALSE(community().set_admin(ada + 100, true));
  ASSERT_TRUE(community().delete_user(ada));
  EXPECT_FALSE(community().set_admin(ada, true));
  EXPECT_FALSE(community().user(ada)->admin);
}

TEST_F(CommunityUsersTest, delete_user_blanks_the_account_drops_admin_and_frees_its_email)
{
  const UserId ada = add_user("ada", true);
  ASSERT_TRUE(community().delete_user(ada));
  EXPECT_EQ(community().user(ada), (UserRecord{ada, "", "", "", false, true, k_t0}));
  const UserId again = add_user("ada");
  EXPECT_NE(again, ada);
  EXPECT_EQ(community().user_by_email("ada@example.com")->id, again);
  // A second deleted account holds the same blank email: the uniqueness covers live accounts only.
  EXPECT_TRUE(community().delete_user(again));
}

TEST_F(CommunityUsersTest, delete_user_ends_its_sessions_and_no_others)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  community().add_session(SessionRecord{"ada-1", ada, k_t0, k_t0});
  community().add_session(SessionRecord{"ada-2", ada, k_t0, k_t0});
  community().add_session(SessionRecord{"bob-1", bob, k_t0, k_t0});
  ASSERT_TRUE(community().delete_user(ada));
  EXPECT_FALSE(community().session("ada-1"));
  EXPECT_FALSE(community().session("ada-2"));
  EXPECT_TRUE(community().session("bob-1"));
}

TEST_F(CommunityUsersTest, delete_user_keeps_comments_shown_as_from_a_deleted_account)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  const CommentId first = add_comment(ada, "page", std::nullopt, "first");
  const CommentId reply = add_comment(bob, "page", first, "reply");
  ASSERT_TRUE(community().delete_user(ada));
  const auto kept = community().comment(first);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->body, "first");
  EXPECT_EQ(kept->author_id, ada);
  EXPECT_EQ(kept->author_name, "");
  EXPECT_TRUE(kept->author_deleted);
  EXPECT_EQ(community().comment(reply)->author_name, "bob");
  EXPECT_FALSE(community().comment(reply)->author_deleted);
  EXPECT_EQ(community().comment_count("page"), 2);
}

TEST_F(CommunityUsersTest, delete_user_of_an_unknown_or_deleted_account_is_false_and_changes_nothing)
{
  const UserId ada = add_user("ada");
  ASSERT_TRUE(community().delete_user(ada));
  const std::string before = dump();
  EXPECT_FALSE(community().delete_user(ada));
  EXPECT_FALSE(community().delete_user(ada + 100));
  EXPECT_EQ(dump(), before);
}

}  // namespace
}  // namespace infertrack::store::testing
