#include "infertrack/app/community/community_json.hpp"

#include "infertrack/app/community/comment_board.hpp"
#include "infertrack/domain/comment_rules.hpp"
#include "infertrack/formats/comment_markdown.hpp"
#include "infertrack/util/unix_time.hpp"

namespace infertrack::app {

nlohmann::json
me_json(const std::optional<Visitor>& visitor, std::string_view csrf_token)
{
  nlohmann::json user = nullptr;
  if (visitor) {
    user = {{"id", visitor->user.id},
            {"display_name", visitor->user.display_name},
            {"email", visitor->user.email},
            {"admin", visitor->user.admin}};
  }
  return {{"signed_in", visitor.has_value()}, {"user", std::move(user)}, {"csrf_token", csrf_token}};
}

nlohmann::json
comment_json(const store::CommentRecord& comment, const std::optional<Visitor>& viewer)
{
  const bool admin = viewer && viewer->user.admin;
  const bool own = viewer && viewer->user.id == comment.author_id;
  const bool body_visible = !comment.deleted && (!comment.hidden || admin);
  nlohmann::json json = {
    {"id", comment.id},
    {"subject", comment.subject},
    {"parent_id", comment.parent_id ? nlohmann::json(*comment.parent_id) : nlohmann::json(nullptr)},
    {"thread_id", comment.thread_id},
    {"depth", comment.depth},
    {"author", {{"display_name", comment.author_deleted ? "" : comment.author_name},
                {"deleted", comment.author_deleted}}},
    {"body", body_visible ? comment.body : ""},
    {"body_html", body_visible ? formats::render_comment_html(comment.body) : ""},
    {"created_at", util::iso_utc(comment.created_at)},
    {"edited_at", comment.edited_at ? nlohmann::json(util::iso_utc(*comment.edited_at)) : nlohmann::json(nullptr)},
    {"hidden", comment.hidden},
    {"deleted", comment.deleted},
    {"can_edit", own && !comment.deleted && !comment.hidden},
    {"can_hide", admin && !comment.deleted}, // its author deleted it: nothing is left to hide
    // What a reply answers must stay readable, and threads nest only so deep (the store refuses other replies).
    {"accepts_replies", !comment.deleted && !comment.hidden && comment.depth < domain::k_max_reply_depth},
  };
  return json;
}

nlohmann::json
comment_page_json(std::string_view subject, std::int64_t page, const store::CommentThreads& threads,
                  const std::optional<Visitor>& viewer)
{
  nlohmann::json comments = nlohmann::json::array();
  for (const auto& comment : threads.comments) {
    comments.push_back(comment_json(comment, viewer));
  }
  nlohmann::json more = nlohmann::json::array();
  for (const store::MoreReplies& thread : threads.more_replies) {
    more.push_back({{"thread_id", thread.thread_id}, {"count", thread.count}, {"after", thread.after}});
  }
  return {{"subject", subject},
          {"page", page},
          {"per_page", k_threads_per_page},
          {"total_threads", threads.total_threads},
          {"comments", std::move(comments)},
          {"more_replies", std::move(more)}};
}

nlohmann::json
thread_replies_json(std::string_view subject, store::CommentId thread, store::CommentId after,
                    const store::ThreadReplies& replies, const std::optional<Visitor>& viewer)
{
  nlohmann::json comments = nlohmann::json::array();
  for (const auto& comment : replies.comments) {
    comments.push_back(comment_json(comment, viewer));
  }
  return {{"subject", subject},
          {"thread", thread},
          {"after", after},
          {"comments", std::move(comments)},
          {"remaining", replies.more}};
}

nlohmann::json
to_json(const store::RateLimitRule& rule)
{
  return {{"name", rule.name}, {"max_events", rule.max_events}, {"window_seconds", rule.window_seconds}};
}

nlohmann::json
to_json(const store::AuditEntry& entry)
{
  return {{"id", entry.id},
          {"at", util::iso_utc(entry.at)},
          {"actor_id", entry.actor_id ? nlohmann::json(*entry.actor_id) : nlohmann::json(nullptr)},
          {"actor", entry.actor},
          {"action", entry.action},
          {"target", entry.target},
          {"detail", entry.detail}};
}

nlohmann::json
to_json(const store::UserRecord& user)
{
  return {{"id", user.id},
          {"display_name", user.display_name},
          {"email", user.email},
          {"admin", user.admin},
          {"deleted", user.deleted},
          {"created_at", util::iso_utc(user.created_at)}};
}

}  // namespace infertrack::app
