#include "infertrack/domain/comment_rules.hpp"

#include "store/community_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::store::testing {
namespace {

using ::testing::ElementsAre;

using CommunityCommentsTest = CommunityTest;

std::vector<CommentId>
ids_of(const auto& listing)  // CommentThreads or ThreadReplies
{
  std::vector<CommentId> ids;
  for (const CommentRecord& comment : listing.comments) {
    ids.push_back(comment.id);
  }
  return ids;
}

TEST_F(CommunityCommentsTest, add_comment_then_comment_round_trips_a_thread_start)
{
  const UserId ada = add_user("ada");
  const auto id = community().add_comment(NewComment{"point:444914", std::nullopt, ada, "**Hi**", k_t0 + 7});
  ASSERT_TRUE(id);
  CommentRecord expected;
  expected.id = *id;
  expected.subject = "point:444914";
  expected.thread_id = *id;
  expected.depth = 0;
  expected.author_id = ada;
  expected.author_name = "ada";
  expected.body = "**Hi**";
  expected.created_at = k_t0 + 7;
  EXPECT_EQ(community().comment(*id), expected);
}

TEST_F(CommunityCommentsTest, add_comment_of_a_reply_takes_its_parents_thread_and_one_more_depth)
{
  const UserId ada = add_user("ada");
  const UserId bob = add_user("bob");
  const CommentId root = add_comment(ada, "page", std::nullopt, "root");
  const CommentId reply = add_comment(bob, "page", root, "reply", 1);
  const CommentId nested = add_comment(ada, "page", reply, "nested", 2);
  const auto stored = community().comment(nested);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->parent_id, reply);
  EXPECT_EQ(stored->thread_id, root);
  EXPECT_EQ(stored->depth, 2);
  EXPECT_EQ(community().comment(reply)->author_name, "bob");
  EXPECT_EQ(community().comment(reply)->depth, 1);
}

TEST_F(CommunityCommentsTest, comment_of_an_unknown_id_is_empty)
{
  EXPECT_FALSE(community().comment(7));
}

TEST_F(CommunityCommentsTest, add_comment_refuses_a_missing_parent_and_leaves_the_store_unchanged)
{
  const UserId ada = add_user("ada");
  add_comment(ada, "page", std::nullopt, "root");
  const std::string before = dump();
  const auto refused = community().add_comment(NewComment{"page", 999, ada, "orphan", k_t0});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().to_string(), "comment:parent_id: comment 999 does not exist");
  EXPECT_EQ(dump(), before);
}

TEST_F(CommunityCommentsTest, add_comment_refuses_a_parent_of_another_subject)
{
  const UserId ada = add_user("ada");
  const CommentId on_point = add_comment(ada, "point:444914", std::nullopt, "root");
  const std::string before = dump();
  const auto refused = community().add_comment(NewComment{"page", on_point, ada, "astray", k_t0});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().to_string(),
            "comment:parent_id: comment " + std::to_string(on_point) +
              " is on another subject (got \"point:444914\", expected \"page\")");
  EXPECT_EQ(dump(), before);
}

TEST_F(CommunityCommentsTest, add_comment_refuses_a_parent_at_the_depth_limit)
{
  const UserId ada = add_user("ada");
  CommentId deepest = add_comment(ada, "page", std::nullopt, "depth 0");
  for (int depth = 1; depth <= domain::k_max_reply_depth; ++depth) {
    deepest = add_comment(ada, "page", deepest, "depth " + std::to_string(depth));
  }
  ASSERT_EQ(community().comment(deepest)->depth, domain::k_max_reply_depth);
  const auto refused = community().add_comment(NewComment{"page", deepest, ada, "too deep", k_t0});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().field, "parent_id");
  EXPECT_EQ(refused.error().message,
            "comment " + std::to_string(deepest) + " is a reply 8 deep, and replies nest at most 8 deep");
  EXPECT_EQ(community().comment_count("page"), domain::k_max_reply_depth + 1);
  // A sibling of the deepest one is still allowed: the limit is on the parent's depth.
  const auto sibling_parent = community().comment(deepest)->parent_id;
  EXPECT_TRUE(community().add_comment(NewComment{"page", sibling_parent, ada, "ok", k_t0}));
}

TEST_F(CommunityCommentsTest, comment_threads_pages_threads_newest_first_with_replies_oldest_first)
{
  const UserId ada = add_user("ada");
  const CommentId t1 = add_comment(ada, "page", std::nullopt, "thread 1");
  const CommentId t2 = add_comment(ada, "page", std::nullopt, "thread 2");
  const CommentId r1a = add_comment(ada, "page", t1, "reply 1a");
  const CommentId t3 = add_comment(ada, "page", std::nullopt, "thread 3");
  const CommentId r1a_x = add_comment(ada, "page", r1a, "reply to 1a");
  const CommentId r1b = add_comment(ada, "page", t1, "reply 1b");
  const CommentId r3a = add_comment(ada, "page", t3, "reply 3a");
  add_comment(ada, "point:1", std::nullopt, "another subject");

  const auto first = community().comment_threads("page", 0, 2, 100);
  EXPECT_EQ(first.total_threads, 3);
  EXPECT_THAT(ids_of(first), ElementsAre(t3, r3a, t2));
  const auto second = community().comment_threads("page", 2, 2, 100);
  EXPECT_EQ(second.total_threads, 3);
  EXPECT_THAT(ids_of(second), ElementsAre(t1, r1a, r1a_x, r1b));
  EXPECT_EQ(second.comments[2].parent_id, r1a);
  EXPECT_EQ(second.comments[2].depth, 2);
  EXPECT_EQ(second.comments[2].body, "reply to 1a");
  EXPECT_EQ(second.comments[2].author_name, "ada");
}

TEST_F(CommunityCommentsTest, comment_threads_list_each_threads_first_replies_and_count_the_rest)
{
  const UserId ada = add_user("ada");
  const CommentId t1 = add_comment(ada, "page", std::nullopt, "thread 1");
  const CommentId r1 = add_comment(ada, "page", t1, "reply 1");
  const CommentId t2 = add_comment(ada, "page", std::nullopt, "thread 2");
  const CommentId r2 = add_comment(ada, "page", t1, "reply 2");
  const CommentId r3 = add_comment(ada, "page", r1, "reply to reply 1");
  const CommentId r4 = add_comment(ada, "page", t1, "reply 4");
  const CommentId t2r = add_comment(ada, "page", t2, "thread 2's only reply");

  const auto two = community().comment_threads("page", 0, 20, 2);
  EXPECT_THAT(ids_of(two), ElementsAre(t2, t2r, t1, r1, r2));
  EXPECT_THAT(two.more_replies, ElementsAre(MoreReplies{t1, 2, r2}));
  const auto none = community().comment_threads("page", 0, 20, 0);
  EXPECT_THAT(ids_of(none), ElementsAre(t2, t1));
  EXPECT_THAT(none.more_replies, ElementsAre(MoreReplies{t2, 1, t2}, MoreReplies{t1, 4, t1}));
  EXPECT_TRUE(community().comment_threads("page", 0, 20, 4).more_replies.empty()) << "every reply listed";

  // The rest, after the last listed, in pages.
  const auto next = community().thread_replies(t1, r2, 1);
  EXPECT_THAT(ids_of(next), ElementsAre(r3));
  EXPECT_EQ(next.more, 1);
  const auto last = community().thread_replies(t1, r3, 10);
  EXPECT_THAT(ids_of(last), ElementsAre(r4));
  EXPECT_EQ(last.more, 0);
  EXPECT_EQ(last.comments[0].body, "reply 4");
  EXPECT_EQ(last.comments[0].author_name, "ada");
  EXPECT_THAT(ids_of(community().thread_replies(t1, 0, 10)), ElementsAre(r1, r2, r3, r4)) << "never the first comment";
  EXPECT_TRUE(community().thread_replies(t1, r4, 10).comments.empty());
  EXPECT_TRUE(community().thread_replies(r1, 0, 10).comments.empty()) << "a reply heads no thread";
}

TEST_F(CommunityCommentsTest, comment_threads_past_the_last_page_or_of_an_empty_subject_is_empty)
{
  const UserId ada = add_user("ada");
  add_comment(ada, "page", std::nullopt, "only");
  const auto past = community().comment_threads("page", 1, 20, 100);
  EXPECT_TRUE(past.comments.empty());
  EXPECT_EQ(past.total_threads, 1);
  const auto none = community().comment_threads("point:9", 0, 20, 100);
  EXPECT_TRUE(none.comments.empty());
  EXPECT_EQ(none.total_threads, 0);
  EXPECT_TRUE(community().comment_threads("page", 0, 0, 100).comments.empty());
  EXPECT_TRUE(community().comment_threads("page", 0, -1, 100).comments.empty()); // not SQLite's "no limit"
}

TEST_F(CommunityCommentsTest, comment_threads_include_hidden_and_deleted_comments_with_their_flags)
{
  const UserId ada = add_user("ada");
  const CommentId root = add_comment(ada, "page", std::nullopt, "root");
  const CommentId hidden = add_comment(ada, "page", root, "hidden");
  const CommentId gone = add_comment(ada, "page", root, "gone");
  ASSERT_TRUE(community().set_comment_hidden(hidden, true));
  ASSERT_TRUE(community().delete_comment(gone));
  const auto threads = community().comment_threads("page", 0, 20, 100);
  ASSERT_THAT(ids_of(threads), ElementsAre(root, hidden, gone));
  EXPECT_TRUE(threads.comments[1].hidden);
  EXPECT_EQ(threads.comments[1].body, "hidden"); // an admin may restore it
  EXPECT_TRUE(threads.comments[2].deleted);
  EXPECT_EQ(threads.comments[2].body, "");
}

TEST_F(CommunityCommentsTest, set_comment_hidden_stores_the_hide_and_its_audit_entry_together_or_neither)
{
  const UserId ada = add_user("ada");
  const CommentId id = add_comment(ada, "page", std::nullopt, "rude");
  const std::string target = "comment:" + std::to_string(id);
  // An actor no account has: the audit log's foreign key refuses the entry, as a full disk or a crash could.
  const AuditEntry refused{0, k_t0, UserId{987654}, "ghost", "hide_comment", target, "page"};
  EXPECT_THROW(community().set_comment_hidden(id, true, refused), StoreError);
  EXPECT_FALSE(community().comment(id)->hidden) << "a hide the audit log did not record is no hide";
  EXPECT_TRUE(community().audit_log(10).empty());

  const AuditEntry recorded{0, k_t0 + 1, ada, "ada", "hide_comment", target, "page"};
  ASSERT_TRUE(community().set_comment_hidden(id, true, recorded));
  EXPECT_TRUE(community().comment(id)->hidden);
  const auto audit = community().audit_log(10);
  ASSERT_EQ(audit.size(), 1u);
  EXPECT_EQ(audit[0].action, "hide_comment");
  EXPECT_EQ(audit[0].target, target);
}

TEST_F(CommunityCommentsTest, edit_comment_sets_body_and_edited_at)
{
  const UserId ada = add_user("ada");
  const CommentId id = add_comment(ada, "page", std::nullopt, "draft");
  EXPECT_FALSE(community().comment(id)->edited_at);
  EXPECT_TRUE(community().edit_comment(id, "final", k_t0 + 60));
  const auto edited = community().comment(id);
  EXPECT_EQ(edited->body, "final");
  EXPECT_EQ(edited->edited_at, k_t0 + 60);
  EXPECT_EQ(edited->created_at, k_t0);
  EXPECT_FALSE(community().edit_comment(id + 100, "x", k_t0 + 61));
}

TEST_F(CommunityCommentsTest, edit_comment_of_a_deleted_comment_is_false_and_changes_nothing)
{
  const UserId ada = add_user("ada");
  const CommentId id = add_comment(ada, "page", std::nullopt, "text");
  ASSERT_TRUE(community().delete_comment(id));
  EXPECT_FALSE(community().edit_comment(id, "revived", k_t0 + 60));
  EXPECT_EQ(community().comment(id)->body, "");
  EXPECT_FALSE(community().comment(id)->edited_at);
}

// The store checks hidden itself, in the statement that writes: a hide that lands after the author's read still wins.
TEST_F(CommunityCommentsTest, edit_comment_of_a_hidden_comment_is_false_and_changes_nothing)
{
  const UserId ada = add_user("ada");
  const CommentId id = add_comment(ada, "page", std::nullopt, "rude");
  ASSERT_TRUE(community().set_comment_hidden(id, true));
  EXPECT_FALSE(community().edit_comment(id, "nice", k_t0 + 60));
  EXPECT_EQ(community().comment(id)->body, "rude");
  EXPECT_FALSE(community().comment(id)->edited_at);
  ASSERT_TRUE(community().set_comment_hidden(id, false));
  EXPECT_TRUE(community().edit_comment(id, "nice", k_t0 + 60));
}

TEST_F(CommunityCommentsTest, delete_comment_blanks_the_body_once_and_keeps_the_replies)
{
  const UserId ada = add_user("ada");
  const CommentId root = add_comment(ada, "page", std::nullopt, "root");
  const CommentId reply = add_comment(ada, "page", root, "reply");
  EXPECT_TRUE(community().delete_comment(root));
  EXPECT_FALSE(community().delete_comment(root));
  EXPECT_FALSE(community().delete_comment(reply + 100));
  const auto deleted = community().comment(root);
  EXPECT_TRUE(deleted->deleted);
  EXPECT_EQ(deleted->body, "");
  EXPECT_EQ(community().comment(reply)->body, "reply");
  EXPECT_EQ(community().comment_threads("page", 0, 20, 100).comments.size(), 2u);
  // A deleted or hidden comment takes no more replies, as the page offers none: what a reply answers stays readable.
  const auto late = community().add_comment(NewComment{"page", root, ada, "late reply", k_t0});
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().field, "parent_id");
  EXPECT_EQ(late.error().message, "comment " + std::to_string(root) + " is deleted and takes no replies");
  ASSERT_TRUE(community().set_comment_hidden(reply, true));
  EXPECT_FALSE(community().add_comment(NewComment{"page", reply, ada, "to a hidden one", k_t0}));
  ASSERT_TRUE(community().set_comment_hidden(reply, false));
  EXPECT_TRUE(community().add_comment(NewComment{"page", reply, ada, "restored, it takes replies", k_t0}));
}

TEST_F(CommunityCommentsTest, set_comment_hidden_hides_and_restores)
{
  const UserId ada = add_user("ada");
  const CommentId id = add_comment(ada, "page", std::nullopt, "text");
  EXPECT_TRUE(community().set_comment_hidden(id, true));
  EXPECT_TRUE(community().comment(id)->hidden);
  EXPECT_TRUE(community().set_comment_hidden(id, true)); // already hidden: the comment exists
  EXPECT_TRUE(community().set_comment_hidden(id, false));
  EXPECT_FALSE(community().comment(id)->hidden);
  EXPECT_EQ(community().comment(id)->body, "text");
  EXPECT_FALSE(community().set_comment_hidden(id + 100, true));
  ASSERT_TRUE(community().delete_comment(id));
  EXPECT_FALSE(community().set_comment_hidden(id, true)) << "its author deleted it";
  EXPECT_FALSE(community().comment(id)->hidden);
}

TEST_F(CommunityCommentsTest, comment_count_counts_one_subject_or_all_deleted_and_hidden_included)
{
  const UserId ada = add_user("ada");
  EXPECT_EQ(community().comment_count(std::nullopt), 0);
  const CommentId root = add_comment(ada, "page", std::nullopt, "a");
  const CommentId reply = add_comment(ada, "page", root, "b");
  add_comment(ada, "point:1", std::nullopt, "c");
  ASSERT_TRUE(community().delete_comment(root));
  ASSERT_TRUE(community().set_comment_hidden(reply, true));
  EXPECT_EQ(community().comment_count("page"), 2);
  EXPECT_EQ(community().comment_count("point:1"), 1);
  EXPECT_EQ(community().comment_count("point:2"), 0);
  EXPECT_EQ(community().comment_count(std::nullopt), 3);
}

}  // namespace
}  // namespace infertrack::store::testing
