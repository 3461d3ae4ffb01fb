#include "infertrack/store/postgres/community_tables.hpp"

#include "infertrack/domain/comment_rules.hpp"

#include <algorithm>
#include <string>
#include <string_view>

namespace infertrack::store::postgres {
namespace {

// The author's name and state are read from users now, so a renamed or deleted account shows as it is.
constexpr const char* k_comment_columns =
  "SELECT c.id, c.subject, c.parent_id, c.thread_id, c.depth, c.author_id, u.display_name, "
  "u.deleted AS author_deleted, c.body, c.created_at, c.edited_at, c.hidden, c.deleted";

// A snapshot for a listing's several statements, so a comment posted in between cannot make them disagree.
constexpr std::string_view k_one_snapshot = "ISOLATION LEVEL REPEATABLE READ READ ONLY";

CommentRecord
read_comment(const Rows& rows, int row)
{
  CommentRecord comment;
  comment.id = rows.int64(row, 0);
  comment.subject = std::string(rows.text(row, 1));
  comment.parent_id = rows.optional_int64(row, 2);
  comment.thread_id = rows.int64(row, 3);
  comment.depth = static_cast<int>(rows.int64(row, 4));
  comment.author_id = rows.int64(row, 5);
  comment.author_name = std::string(rows.text(row, 6));
  comment.author_deleted = rows.int64(row, 7) != 0;
  comment.body = std::string(rows.text(row, 8));
  comment.created_at = rows.int64(row, 9);
  comment.edited_at = rows.optional_int64(row, 10);
  comment.hidden = rows.int64(row, 11) != 0;
  comment.deleted = rows.int64(row, 12) != 0;
  return comment;
}

// Where a reply goes: its parent's thread, one level deeper.
struct ReplyPlace
{
  std::optional<CommentId> thread_id; // empty for a new thread, which names itself
  int depth = 0;
};

// The parent's row is locked (FOR SHARE) until the reply commits, so a hide or delete cannot slip in between.
util::Result<ReplyPlace>
reply_place(Connection& db, const NewComment& comment, CommentId parent_id)
{
  const Rows parent = db.run("SELECT subject, thread_id, depth, hidden, deleted FROM comments WHERE id = $1 "
                             "FOR SHARE",
                             Params().add(parent_id));
  const std::string parent_label = "comment " + std::to_string(parent_id);
  if (parent.empty()) {
    return util::fail("comment", "parent_id", parent_label + " does not exist");
  }
  if (parent.text(0, 0) != comment.subject) {
    return util::fail("comment", "parent_id",
                      parent_label + " is on another subject (got \"" + std::string(parent.text(0, 0)) +
                        "\", expected \"" + comment.subject + "\")");
  }
  // The page offers no reply to these: what a reply answers must stay readable.
  if (parent.int64(0, 3) != 0 || parent.int64(0, 4) != 0) {
    return util::fail("comment", "parent_id",
                      parent_label + " is " + (parent.int64(0, 4) != 0 ? "deleted" : "hidden") +
                        " and takes no replies");
  }
  const int depth = static_cast<int>(parent.int64(0, 2));
  if (depth >= domain::k_max_reply_depth) {
    return util::fail("comment", "parent_id",
                      parent_label + " is a reply " + std::to_string(depth) + " deep, and replies nest at most " +
                        std::to_string(domain::k_max_reply_depth) + " deep");
  }
  return ReplyPlace{parent.int64(0, 1), depth + 1};
}

// Replies of the listed threads beyond those listed; `rows` are threads in page order, each its comments by id,
// with the thread's size in column 13.
std::vector<MoreReplies>
more_replies(const Rows& rows)
{
  std::vector<MoreReplies> more;
  std::int64_t shown = 0;
  for (int row = 0; row < rows.size(); ++row) {
    ++shown;
    const CommentId thread = rows.int64(row, 3);
    if (row + 1 < rows.size() && rows.int64(row + 1, 3) == thread) {
      continue;
    }
    if (const std::int64_t in_thread = rows.int64(row, 13); in_thread > shown) {
      more.push_back(MoreReplies{thread, in_thread - shown, rows.int64(row, 0)});
    }
    shown = 0;
  }
  return more;
}

}  // namespace

util::Result<CommentId>
CommunityTables::add_comment(const NewComment& comment)
{
  auto db = m_pool.lease();
  Transaction transaction(*db);
  ReplyPlace place;
  if (comment.parent_id) {
    INFERTRACK_TRY_ASSIGN(found, reply_place(*db, comment, *comment.parent_id));
    place = found;
  }
  // The id is drawn first, so a thread's first comment names itself as its thread in the one insert.
  const Rows inserted = db->run(
    "INSERT INTO comments (id, subject, parent_id, thread_id, depth, author_id, body, created_at, edited_at, "
    "hidden, deleted) SELECT next.id, $1, $2::bigint, COALESCE($3::bigint, next.id), $4::integer, $5::bigint, "
    "$6, $7::bigint, NULL, 0, 0 FROM (SELECT nextval(pg_get_serial_sequence('comments', 'id')) AS id) AS next "
    "RETURNING id",
    Params()
      .add(comment.subject)
      .add(comment.parent_id)
      .add(place.thread_id)
      .add(place.depth)
      .add(comment.author_id)
      .add(comment.body)
      .add(comment.created_at));
  transaction.commit();
  return inserted.int64(0, 0);
}

std::optional<CommentRecord>
CommunityTables::comment(CommentId id)
{
  const Rows rows = m_pool.lease()->run(
    std::string(k_comment_columns) + " FROM comments c JOIN users u ON u.id = c.author_id WHERE c.id = $1",
    Params().add(id));
  if (rows.empty()) {
    return std::nullopt;
  }
  return read_comment(rows, 0);
}

CommentThreads
CommunityTables::comment_threads(std::string_view subject, std::int64_t offset, std::int64_t limit,
                                 std::int64_t replies)
{
  auto db = m_pool.lease();
  Transaction transaction(*db, k_one_snapshot);
  CommentThreads threads;
  threads.total_threads =
    db->run("SELECT COUNT(*) FROM comments WHERE subject = $1 AND parent_id IS NULL", Params().add(subject))
      .int64(0, 0);
  // Each thread read within comments_by_thread up to its first replies: a thread of many thousand replies costs
  // its first ones, not all of them. A thread's first comment has its smallest id, so by id it leads, and a reply's
  // parent comes before the reply. PostgreSQL refuses a negative LIMIT or OFFSET.
  const Rows rows = db->run(
    "SELECT listed.*, (SELECT COUNT(*) FROM comments WHERE thread_id = page.id) FROM (SELECT id FROM comments "
    "WHERE subject = $1 AND parent_id IS NULL ORDER BY id DESC LIMIT $2 OFFSET $3) AS page CROSS JOIN LATERAL (" +
      std::string(k_comment_columns) +
      " FROM comments c JOIN users u ON u.id = c.author_id WHERE c.thread_id = page.id ORDER BY c.id LIMIT $4)"
      " AS listed ORDER BY page.id DESC, listed.id",
    Params()
      .add(subject)
      .add(std::max<std::int64_t>(limit, 0))
      .add(std::max<std::int64_t>(offset, 0))
      .add(std::max<std::int64_t>(replies, 0) + 1));
  transaction.commit();
  for (int row = 0; row < rows.size(); ++row) {
    threads.comments.push_back(read_comment(rows, row));
  }
  threads.more_replies = more_replies(rows);
  return threads;
}

ThreadReplies
CommunityTables::thread_replies(CommentId thread, CommentId after, std::int64_t limit)
{
  auto db = m_pool.lease();
  Transaction transaction(*db, k_one_snapshot);
  ThreadReplies replies;
  const Rows rows = db->run(std::string(k_comment_columns) +
                              " FROM comments c JOIN users u ON u.id = c.author_id WHERE c.thread_id = $1"
                              " AND c.parent_id IS NOT NULL AND c.id > $2 ORDER BY c.id LIMIT $3",
                            Params().add(thread).add(after).add(std::max<std::int64_t>(limit, 0)));
  for (int row = 0; row < rows.size(); ++row) {
    replies.comments.push_back(read_comment(rows, row));
  }
  const CommentId last = replies.comments.empty() ? after : replies.comments.back().id;
  replies.more =
    db->run("SELECT COUNT(*) FROM comments WHERE thread_id = $1 AND parent_id IS NOT NULL AND id > $2",
            Params().add(thread).add(last))
      .int64(0, 0);
  transaction.commit();
  return replies;
}

bool
CommunityTables::edit_comment(CommentId id, std::string_view body, std::int64_t edited_at)
{
  // Hidden is checked in the same statement: a moderator's hide between the author's read and this write wins.
  return change("UPDATE comments SET body = $1, edited_at = $2 WHERE id = $3 AND deleted = 0 AND hidden = 0",
                Params().add(body).add(edited_at).add(id)) > 0;
}

bool
CommunityTables::delete_comment(CommentId id)
{
  // Hidden is checked in the same statement, as for an edit: a moderator's hide in between wins.
  return change("UPDATE comments SET body = '', deleted = 1 WHERE id = $1 AND deleted = 0 AND hidden = 0",
                Params().add(id)) > 0;
}

bool
CommunityTables::set_comment_hidden(CommentId id, bool hidden, const std::optional<AuditEntry>& moderation)
{
  auto db = m_pool.lease();
  Transaction transaction(*db);
  // PostgreSQL counts a matched row as changed even when the flag already had this value. Deleted is checked in the
  // same statement: an author's delete between the moderator's read and this write wins.
  if (db->run("UPDATE comments SET hidden = $1 WHERE id = $2 AND deleted = 0", Params().add(hidden).add(id))
        .affected() == 0) {
    return false;
  }
  if (moderation) {
    db->run("INSERT INTO audit_log (at, actor_id, actor, action, target, detail) VALUES ($1, $2, $3, $4, $5, $6)",
            Params()
              .add(moderation->at)
              .add(moderation->actor_id)
              .add(moderation->actor)
              .add(moderation->action)
              .add(moderation->target)
              .add(moderation->detail));
  }
  transaction.commit();
  return true;
}

std::int64_t
CommunityTables::comment_count(std::optional<std::string_view> subject)
{
  auto db = m_pool.lease();
  if (!subject) {
    return db->run("SELECT COUNT(*) FROM comments").int64(0, 0);
  }
  return db->run("SELECT COUNT(*) FROM comments WHERE subject = $1", Params().add(*subject)).int64(0, 0);
}

}  // namespace infertrack::store::postgres
