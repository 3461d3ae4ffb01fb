#pragma once

#include "infertrack/app/community/accounts.hpp"
#include "infertrack/store/community_store.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace infertrack::app {

// The JSON shapes of docs/COMMUNITY.md, shared by the API and the command line.

// {"signed_in", "user": {...} or null, "csrf_token"}.
nlohmann::json me_json(const std::optional<Visitor>& visitor, std::string_view csrf_token);

// One comment as `viewer` (nobody when signed out) may see it: a hidden body goes to admins only, a
// deleted one to nobody; body_html is the safe rendering of body.
nlohmann::json comment_json(const store::CommentRecord& comment, const std::optional<Visitor>& viewer);

// A page of threads: {"subject", "page", "per_page", "total_threads", "comments": [...], "more_replies": [{"thread_id",
// "count", "after"}, ...]}, the last for each thread with replies beyond those listed (after: its last listed comment).
nlohmann::json comment_page_json(std::string_view subject, std::int64_t page, const store::CommentThreads& threads,
                                 const std::optional<Visitor>& viewer);

// More replies of one thread: {"subject", "thread", "after", "comments": [...], "remaining": how many after these}.
nlohmann::json thread_replies_json(std::string_view subject, store::CommentId thread, store::CommentId after,
                                   const store::ThreadReplies& replies, const std::optional<Visitor>& viewer);

nlohmann::json to_json(const store::RateLimitRule& rule);
nlohmann::json to_json(const store::AuditEntry& entry);
// An account as the command line lists it: never its password hash.
nlohmann::json to_json(const store::UserRecord& user);

}  // namespace infertrack::app
