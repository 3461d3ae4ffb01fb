#include "infertrack/app/community/comment_board.hpp"

#include "infertrack/app/community/rate_limits.hpp"
#include "infertrack/domain/comment_rules.hpp"
#include "infertrack/domain/visible_text.hpp"
#include "infertrack/formats/comment_markdown.hpp"

#include <string>

namespace infertrack::app {
namespace {

constexpr std::string_view k_comment_per_user = "comment_per_user";
// Far beyond any real thread count; keeps the offset arithmetic from overflowing.
constexpr std::int64_t k_max_page = 1'000'000;

tl::unexpected<Refusal>
invalid(const util::Diagnostic& diagnostic)
{
  return refuse(RefusalKind::invalid, diagnostic.field, diagnostic.message);
}

tl::unexpected<Refusal>
no_comment(store::CommentId id)
{
  return refuse(RefusalKind::not_found, "id", "no comment " + std::to_string(id));
}

// What the source checks cannot see: a body that renders to nothing visible (a link definition alone, "&nbsp;",
// an empty heading), or nests quotes and lists so deep, or repeats reference links so often, that every listing
// of it is many times its size.
std::optional<tl::unexpected<Refusal>>
refuse_rendered(std::string_view body)
{
  const formats::RenderedComment rendered = formats::rendered_comment(body);
  if (rendered.block_depth > domain::k_max_comment_block_depth) {
    return refuse(RefusalKind::invalid, "body",
                  "nests quotes and lists " + std::to_string(rendered.block_depth) + " deep (at most " +
                    std::to_string(domain::k_max_comment_block_depth) + ")");
  }
  if (const std::size_t html = formats::render_comment_html(body).size(); html > domain::k_max_comment_html_bytes) {
    return refuse(RefusalKind::invalid, "body",
                  "renders to " + std::to_string(html) + " bytes of HTML (at most " +
                    std::to_string(domain::k_max_comment_html_bytes) + "): repeat fewer links or references");
  }
  if (domain::looks_blank(rendered.shown_text)) {
    return refuse(RefusalKind::invalid, "body", "shows nothing once rendered (got only markup or invisible text)");
  }
  return std::nullopt;
}

// Else the text a moderator hid could be swapped for another, or erased, under the same comment. `action` is
// "edited" or "deleted".
tl::unexpected<Refusal>
hidden_comment(std::string_view action)
{
  return refuse(RefusalKind::forbidden, "id",
                "a moderator hid this comment; it can no longer be " + std::string(action));
}

// Why a write to comment `id` changed nothing after the checks before it passed: hidden or deleted since.
tl::unexpected<Refusal>
changed_since(store::CommunityStore& community, store::CommentId id, std::string_view action)
{
  const auto now = community.comment(id);
  return now && !now->deleted && now->hidden ? hidden_comment(action) : no_comment(id);
}

// A body as stored: the source checks (length, UTF-8, controls, blank), then what only its rendering shows.
Outcome<std::string>
checked_body(std::string_view text)
{
  auto body = domain::check_comment_body(text);
  if (!body) {
    return invalid(body.error());
  }
  if (auto refused = refuse_rendered(*body)) {
    return *refused;
  }
  return std::move(*body);
}

}  // namespace

CommentBoard::CommentBoard(store::Store& store, Clock clock) : m_store(store), m_clock(std::move(clock)) {}

std::optional<Refusal>
CommentBoard::unknown_point(const domain::CommentSubject& subject)
{
  if (subject.point_id.empty() || m_store.point(subject.point_id)) {
    return std::nullopt;
  }
  return Refusal{RefusalKind::not_found, "subject", "no benchmark point " + subject.point_id, 0};
}

Outcome<store::CommentRecord>
CommentBoard::post(const Visitor& author, std::string_view subject_key, std::optional<store::CommentId> parent_id,
                   std::string_view body_text)
{
  const auto subject = domain::parse_comment_subject(subject_key);
  if (!subject) {
    return invalid(subject.error());
  }
  if (auto unknown = unknown_point(*subject)) {
    return tl::unexpected(*unknown);
  }
  const auto body = checked_body(body_text);
  if (!body) {
    return tl::unexpected(body.error());
  }
  auto& community = m_store.community();
  const std::int64_t now = m_clock();
  const auto taken = take_rate_limited(community, k_comment_per_user, std::to_string(author.user.id), now,
                                       "too many comments in a short time; try again shortly");
  if (!taken) {
    return tl::unexpected(taken.error());
  }
  const auto id = community.add_comment(store::NewComment{subject->key(), parent_id, author.user.id, *body, now});
  if (!id) {
    community.remove_event(*taken); // a reply refused for its parent posted nothing: it does not count
    return invalid(id.error());
  }
  return *community.comment(*id);
}

Outcome<store::CommentRecord>
CommentBoard::edit(const Visitor& author, store::CommentId id, std::string_view body_text)
{
  auto& community = m_store.community();
  const auto comment = community.comment(id);
  if (!comment || comment->deleted) {
    return no_comment(id);
  }
  if (comment->author_id != author.user.id) {
    return refuse(RefusalKind::forbidden, "id", "only its author can edit a comment");
  }
  if (comment->hidden) {
    return hidden_comment("edited");
  }
  const auto body = checked_body(body_text);
  if (!body) {
    return tl::unexpected(body.error());
  }
  // Edits count as comments do: otherwise a burst of edits is a burst of new text the limit never sees.
  if (auto taken = take_rate_limited(community, k_comment_per_user, std::to_string(author.user.id), m_clock(),
                                     "too many comments in a short time; try again shortly");
      !taken) {
    return tl::unexpected(taken.error());
  }
  if (!community.edit_comment(id, *body, m_clock())) {
    return changed_since(community, id, "edited");
  }
  return *community.comment(id);
}

Outcome<void>
CommentBoard::remove(const Visitor& author, store::CommentId id)
{
  auto& community = m_store.community();
  const auto comment = community.comment(id);
  if (!comment || comment->deleted) {
    return no_comment(id);
  }
  if (comment->author_id != author.user.id) {
    return refuse(RefusalKind::forbidden, "id", "only its author can delete a comment");
  }
  // Deleting would erase what a moderator hid, which restoring must be able to bring back.
  if (comment->hidden) {
    return hidden_comment("deleted");
  }
  if (!community.delete_comment(id)) {
    return changed_since(community, id, "deleted");
  }
  return {};
}

Outcome<void>
CommentBoard::set_hidden(const Visitor& admin, store::CommentId id, bool hidden)
{
  if (!admin.user.admin) {
    return refuse(RefusalKind::forbidden, "", "only admins can hide or restore comments");
  }
  auto& community = m_store.community();
  const auto comment = community.comment(id);
  if (!comment) {
    return no_comment(id);
  }
  if (comment->hidden == hidden) {
    return {};  // nothing changed, so nothing for the audit log
  }
  // Its text is gone: a hide would hide nothing, yet stand in the audit log as a moderation.
  const store::AuditEntry moderation{0, m_clock(), admin.user.id, admin.user.display_name,
                                     hidden ? "hide_comment" : "restore_comment", "comment:" + std::to_string(id),
                                     comment->subject};
  if (comment->deleted || !community.set_comment_hidden(id, hidden, moderation)) {
    return refuse(RefusalKind::conflict, "",
                  "comment " + std::to_string(id) + " was deleted by its author; there is nothing to hide");
  }
  return {};
}

Outcome<store::CommentThreads>
CommentBoard::threads(std::string_view subject_key, std::int64_t page)
{
  const auto subject = domain::parse_comment_subject(subject_key);
  if (!subject) {
    return invalid(subject.error());
  }
  if (page < 1 || page > k_max_page) {
    return refuse(RefusalKind::invalid, "page", "page must be between 1 and " + std::to_string(k_max_page));
  }
  // As for posting: a point nobody measured has no comment section, rather than an empty one.
  if (auto unknown = unknown_point(*subject)) {
    return tl::unexpected(*unknown);
  }
  return m_store.community().comment_threads(subject->key(), (page - 1) * k_threads_per_page, k_threads_per_page,
                                             k_replies_per_thread);
}

Outcome<store::ThreadReplies>
CommentBoard::replies(std::string_view subject_key, store::CommentId thread, store::CommentId after)
{
  const auto subject = domain::parse_comment_subject(subject_key);
  if (!subject) {
    return invalid(subject.error());
  }
  if (auto unknown = unknown_point(*subject)) {
    return tl::unexpected(*unknown);
  }
  const auto first = m_store.community().comment(thread);
  if (!first || first->parent_id || first->subject != subject->key()) {
    return refuse(RefusalKind::not_found, "thread",
                  "no thread " + std::to_string(thread) + " on " + subject->key() + " (expected the id of a thread's "
                  "first comment)");
  }
  return m_store.community().thread_replies(thread, after, k_replies_per_request);
}

}  // namespace infertrack::app
