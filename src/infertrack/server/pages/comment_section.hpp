#pragma once

#include <string>
#include <string_view>

namespace infertrack::server::pages {

// How the section's script reaches the page.
enum class CommentScript
{
  with_section, // a deferred <script> after the section: the page has no other script
  on_approach,  // named in the section's data-script; the page's own script loads it when the section
                // nears the viewport, so that it costs nothing before the first paint
};

// The discussion section of a page (web/templates/comments.mustache) for the comment subject `subject`
// ("page", or "point:" and a result id), headed `heading`: the placeholders that web/static/comments.js
// replaces with the sign-in forms and the comments, and the script itself. It is its own template so that
// the tracker page and every point page show the same section.
std::string render_comment_section(std::string_view subject, std::string_view heading, CommentScript script);

}  // namespace infertrack::server::pages
