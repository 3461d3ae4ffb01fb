#include "infertrack/store/sqlite/community_tables.hpp"

#include "infertrack/domain/comment_rules.hpp"

#include <algorithm>
#include <string>
#include <string_view>

namespace infertrack::store::sqlite {
namespace {

// The author's name and state are read from users now, so a renamed or deleted account shows as it is.
constexpr const char* k_comment_columns =
  "SELECT c.id, c.subject, c.parent_id, c.thread_id, c.depth, c.author_id, u.display_name, u.deleted, "
  "c.body, c.created_at, c.edited_at, c.hidden, c.deleted";

CommentRecord
read_comment(const Statement& row)
{
  CommentRecord comment;
  comment.id = row.column_int64(0);
  comment.subject = std::string(row.column_text(1));
  if (!row.is_null(2)) {
    comment.parent_id = row.column_int64(2);
  }
  comment.thread_id = row.column_int64(3);
  comment.depth = static_cast<int>(row.column_int64(4));
  comment.author_id = row.column_int64(5);
  comment.author_name = std::string(row.column_text(6));
  comment.author_deleted = row.column_int64(7) != 0;
  comment.body = std::string(row.column_text(8));
  comment.created_at = row.column_int64(9);
  if (!row.is_null(10)) {
    comment.edited_at = row.column_int64(10);
  }
  comment.hidden = row.column_int64(11) != 0;
  comment.deleted = row.column_int64(12) != 0;
  return comment;
}

// Where a reply goes: its parent's thread, one level deeper.
struct ReplyPlace
{
  CommentId thread_id = 0;
  int depth = 0;
};

util::Result<ReplyPlace>
reply_place(Connection& db, const NewComment& comment, CommentId parent_id)
{
  Statement parent(db, "SELECT subject, thread_id, depth, hidden, deleted FROM comments WHERE id = ?");
  parent.bind(1, parent_id);
  const std::string parent_label = "comment " + std::to_string(parent_id);
  if (!parent.step()) {
    return util::fail("comment", "parent_id", parent_label + " does not exist");
  }
  if (parent.column_text(0) != comment.subject) {
    return util::fail("comment", "parent_id",
                      parent_label + " is on another subject (got \"" + std::string(parent.column_text(0)) +
                        "\", expected \"" + comment.subject + "\")");
  }
  // The page offers no reply to these: what a reply answers must stay readable.
  if (parent.column_int64(3) != 0 || parent.column_int64(4) != 0) {
    return util::fail("comment", "parent_id",
                      parent_label + " is " + (parent.column_int64(4) != 0 ? "deleted" : "hidden") +
                        " and takes no replies");
  }
  const int depth = static_cast<int>(parent.column_int64(2));
  if (depth >= domain::k_max_reply_depth) {
    return util::fail("comment", "parent_id",
                      parent_label + " is a reply " + std::to_string(depth) + " deep, and replies nest at most " +
                        std::to_string(domain::k_max_reply_depth) + " deep");
  }
  return ReplyPlace{parent.column_int64(1), depth + 1};
}

}  // namespace

util::Result<CommentId>
CommunityTables::add_comment(const NewComment& comment)
{
  const WriteTurn turn(*this);
  // The parent is read under the write lock, so the checks still hold when the reply is stored.
  Transaction transaction(db(), TransactionMode::write);
  ReplyPlace place;
  if (comment.parent_id) {
    INFERTRACK_TRY_ASSIGN(found, reply_place(db(), comment, *comment.parent_id));
    place = found;
  }
  CommentId id = 0;
  {
    Statement insert(db(), "INSERT INTO comments (subject, parent_id, thread_id, depth, author_id, body, "
                           "created_at, edited_at, hidden, deleted) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 0, 0) "
                           "RETURNING id");
    insert.bind(1, std::string_view(comment.subject));
    if (comment.parent_id) {
      insert.bind(2, *comment.parent_id);
    }
    insert.bind(3, place.thread_id); // 0 for a new thread until its id is known, just below
    insert.bind(4, std::int64_t{place.depth});
    insert.bind(5, comment.author_id);
    insert.bind(6, std::string_view(comment.body));
    insert.bind(7, comment.created_at);
    insert.step();
    id = insert.column_int64(0);
    insert.step(); // RETURNING: the insert is final once the statement has run to its end
  }
  if (!comment.parent_id) {
    Statement name_thread(db(), "UPDATE comments SET thread_id = id WHERE id = ?");
    name_thread.bind(1, id);
    name_thread.step();
  }
  transaction.commit();
  return id;
}

std::optional<CommentRecord>
CommunityTables::comment(CommentId id)
{
  std::lock_guard lock(m_read_mutex);
  Statement select(reader(), std::string(k_comment_columns) +
                           " FROM comments c JOIN users u ON u.id = c.author_id WHERE c.id = ?");
  select.bind(1, id);
  if (!select.step()) {
    return std::nullopt;
  }
  return read_comment(select);
}

CommentThreads
CommunityTables::comment_threads(std::string_view subject, std::int64_t offset, std::int64_t limit,
                                 std::int64_t replies)
{
  std::lock_guard lock(m_read_mutex);
  // One snapshot for the count and the page, so a thread posted in between cannot make them disagree.
  Transaction transaction(reader(), TransactionMode::read);
  CommentThreads threads;
  {
    Statement count(reader(), "SELECT COUNT(*) FROM comments WHERE subject = ? AND parent_id IS NULL");
    count.bind(1, subject);
    count.step();
    threads.total_threads = count.column_int64(0);
  }
  std::vector<CommentId> page_threads;
  {
    Statement page(reader(), "SELECT id FROM comments WHERE subject = ? AND parent_id IS NULL ORDER BY id DESC"
                             " LIMIT ? OFFSET ?");
    page.bind(1, subject);
    // A negative LIMIT means "no limit" to SQLite, and a negative OFFSET is no position at all.
    page.bind(2, std::max<std::int64_t>(limit, 0));
    page.bind(3, std::max<std::int64_t>(offset, 0));
    while (page.step()) {
      page_threads.push_back(page.column_int64(0));
    }
  }
  // Thread by thread, each read and counted within comments_by_thread: a thread of many thousand replies costs
  // its first ones, not all of them. A thread's first comment has its smallest id, so by id it leads, and a reply's
  // parent comes before the reply.
  Statement first(reader(), std::string(k_comment_columns) +
                              " FROM comments c JOIN users u ON u.id = c.author_id WHERE c.thread_id = ?"
                              " ORDER BY c.id LIMIT ?");
  Statement count(reader(), "SELECT COUNT(*) FROM comments WHERE thread_id = ?");
  for (const CommentId thread : page_threads) {
    const StatementScope first_scope(first);
    first.bind(1, thread);
    first.bind(2, std::max<std::int64_t>(replies, 0) + 1);
    std::int64_t listed = 0;
    while (first.step()) {
      threads.comments.push_back(read_comment(first));
      ++listed;
    }
    const StatementScope count_scope(count);
    count.bind(1, thread);
    count.step();
    if (const std::int64_t in_thread = count.column_int64(0); in_thread > listed) {
      threads.more_replies.push_back(MoreReplies{thread, in_thread - listed, threads.comments.back().id});
    }
  }
  transaction.commit();
  return threads;
}

ThreadReplies
CommunityTables::thread_replies(CommentId thread, CommentId after, std::int64_t limit)
{
  std::lock_guard lock(m_read_mutex);
  Transaction transaction(reader(), TransactionMode::read);
  ThreadReplies replies;
  {
    Statement select(reader(), std::string(k_comment_columns) +
                                 " FROM comments c JOIN users u ON u.id = c.author_id"
                                 " WHERE c.thread_id = ? AND c.parent_id IS NOT NULL AND c.id > ? ORDER BY c.id"
                                 " LIMIT ?");
    select.bind(1, thread);
    select.bind(2, after);
    select.bind(3, std::max<std::int64_t>(limit, 0));
    while (select.step()) {
      replies.comments.push_back(read_comment(select));
    }
  }
  {
    Statement count(reader(),
                    "SELECT COUNT(*) FROM comments WHERE thread_id = ? AND parent_id IS NOT NULL AND id > ?");
    count.bind(1, thread);
    count.bind(2, replies.comments.empty() ? after : replies.comments.back().id);
    count.step();
    replies.more = count.column_int64(0);
  }
  transaction.commit();
  return replies;
}

bool
CommunityTables::edit_comment(CommentId id, std::string_view body, std::int64_t edited_at)
{
  // Hidden is checked in the same statement: a moderator's hide between the author's read and this write wins.
  return change("UPDATE comments SET body = ?, edited_at = ? WHERE id = ? AND deleted = 0 AND hidden = 0",
                [&](Statement& update) {
                  update.bind(1, body);
                  update.bind(2, edited_at);
                  update.bind(3, id);
                }) > 0;
}

bool
CommunityTables::delete_comment(CommentId id)
{
  // Hidden is checked in the same statement, as for an edit: a moderator's hide in between wins.
  return change("UPDATE comments SET body = '', deleted = 1 WHERE id = ? AND deleted = 0 AND hidden = 0",
                [&](Statement& update) { update.bind(1, id); }) > 0;
}

bool
CommunityTables::set_comment_hidden(CommentId id, bool hidden, const std::optional<AuditEntry>& moderation)
{
  const WriteTurn turn(*this);
  Transaction transaction(db(), TransactionMode::write);
  {
    // SQLite counts a matched row as changed even when the flag already had this value. Deleted is checked in the
    // same statement: an author's delete between the moderator's read and this write wins.
    Statement update(db(), "UPDATE comments SET hidden = ? WHERE id = ? AND deleted = 0");
    update.bind(1, std::int64_t{hidden ? 1 : 0});
    update.bind(2, id);
    update.step();
  }
  if (db().changes() == 0) {
    return false;
  }
  if (moderation) {
    insert_audit(*moderation);
  }
  transaction.commit();
  return true;
}

std::int64_t
CommunityTables::comment_count(std::optional<std::string_view> subject)
{
  std::lock_guard lock(m_read_mutex);
  Statement count(reader(), subject ? "SELECT COUNT(*) FROM comments WHERE subject = ?"
                                 : "SELECT COUNT(*) FROM comments");
  if (subject) {
    count.bind(1, *subject);
  }
  count.step();
  return count.column_int64(0);
}

}  // namespace infertrack::store::sqlite
