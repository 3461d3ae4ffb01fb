#include "infertrack/server/pages/comment_section.hpp"

#include "infertrack/server/pages/page_renderer.hpp"

namespace infertrack::server::pages {

std::string
render_comment_section(std::string_view subject, std::string_view heading, CommentScript script)
{
  kainjow::mustache::data section;
  // Escaped by the template: a result id may hold any character, and it ends up in an attribute.
  section.set("subject", std::string(subject));
  section.set("heading", std::string(heading));
  section.set("comments_js_url", asset_url("comments.js"));
  section.set("script_on_approach", script == CommentScript::on_approach);
  return render_template("comments.mustache", section);
}

}  // namespace infertrack::server::pages
