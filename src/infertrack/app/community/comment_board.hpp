#pragma once

#include "infertrack/app/community/accounts.hpp"
#include "infertrack/app/community/community_outcome.hpp"
#include "infertrack/domain/comment_rules.hpp"
#include "infertrack/store/store.hpp"

#include <optional>
#include <string_view>

namespace infertrack::app {

inline constexpr std::int64_t k_threads_per_page = 20;
// A page lists each thread's first replies; the rest come on request (CommentBoard::replies), this many at a time.
inline constexpr std::int64_t k_replies_per_thread = 50;
inline constexpr std::int64_t k_replies_per_request = 100;

// Comments on the tracker page and on single points: who may post, edit, delete, hide and restore.
class CommentBoard
{
public:
  CommentBoard(store::Store& store, Clock clock);

  // Refusals: invalid subject or body, a point that does not exist (not_found), a bad parent (invalid),
  // too many comments this minute (rate_limited).
  Outcome<store::CommentRecord> post(const Visitor& author, std::string_view subject,
                                     std::optional<store::CommentId> parent_id, std::string_view body);
  // Only the author, and not on a deleted comment; marks it edited.
  Outcome<store::CommentRecord> edit(const Visitor& author, store::CommentId id, std::string_view body);
  // Only the author, and not on a comment a moderator hid.
  Outcome<void> remove(const Visitor& author, store::CommentId id);
  // Only admins; each change goes into the audit log.
  Outcome<void> set_hidden(const Visitor& admin, store::CommentId id, bool hidden);
  // Page `page` (1-based) of the subject's threads, each with its first k_replies_per_thread replies.
  Outcome<store::CommentThreads> threads(std::string_view subject, std::int64_t page);
  // The next k_replies_per_request replies of the subject's thread whose first comment is `thread`, after the
  // comment `after`. Refusals: invalid subject, no such thread on the subject (not_found).
  Outcome<store::ThreadReplies> replies(std::string_view subject, store::CommentId thread, store::CommentId after);

private:
  // The refusal for a subject naming a point that is not stored, or nothing.
  std::optional<Refusal> unknown_point(const domain::CommentSubject& subject);

  store::Store& m_store;
  Clock m_clock;
};

}  // namespace infertrack::app
