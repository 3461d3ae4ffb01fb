#pragma once

#include <string>
#include <string_view>

namespace infertrack::formats {

// Renders a comment's CommonMark text to HTML with cmark in its safe mode: raw HTML is dropped, links whose
// scheme is not http, https or mailto (javascript:, vbscript:, file:, data:...) lose their target, every link
// gets rel="nofollow noopener ugc", and an image is shown as a link to it (its alt text), never loaded.
std::string render_comment_html(std::string_view markdown);

// What a comment shows once rendered, for the checks its source text cannot answer: the text of its leaves (text,
// code and code blocks) joined, and how many quotes and lists deep its blocks nest at most.
struct RenderedComment
{
  std::string shown_text;
  int block_depth = 0;
};
RenderedComment rendered_comment(std::string_view markdown);

}  // namespace infertrack::formats
