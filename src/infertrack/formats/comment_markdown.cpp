#include "infertrack/formats/comment_markdown.hpp"

#include <cmark.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <vector>

namespace infertrack::formats {
namespace {

// Safe mode (no CMARK_OPT_UNSAFE) turns raw HTML into a comment; invalid UTF-8 becomes U+FFFD.
constexpr int k_options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8;
constexpr std::string_view k_anchor_open = "<a ";
constexpr std::string_view k_rel = "rel=\"nofollow noopener ugc\" ";
// Schemes a link may keep. cmark's own check lets data:image/png through (meant for images), so links are
// held to an allow-list instead; a target without a scheme is relative and stays.
constexpr std::array<std::string_view, 3> k_allowed_schemes = {"http", "https", "mailto"};

struct NodeDeleter
{
  void operator()(cmark_node* node) const { cmark_node_free(node); }
};
using NodePtr = std::unique_ptr<cmark_node, NodeDeleter>;

bool
is_scheme_char(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

// Browsers drop ASCII whitespace and controls from URLs and ignore case, so the check does too before it
// reads the scheme: "Java\tScript:" is still javascript:.
bool
has_allowed_target(const char* url)
{
  std::string cleaned;
  for (const char* c = url; c != nullptr && *c != '\0'; ++c) {
    if (static_cast<unsigned char>(*c) > ' ' && *c != 0x7F) {
      cleaned += (*c >= 'A' && *c <= 'Z') ? static_cast<char>(*c - 'A' + 'a') : *c;
    }
  }
  const auto colon = cleaned.find(':');
  if (colon == std::string::npos || colon == 0 || !(cleaned[0] >= 'a' && cleaned[0] <= 'z')) {
    return true;
  }
  for (std::size_t i = 0; i < colon; ++i) {
    if (!is_scheme_char(cleaned[i])) {
      return true;  // a ':' after '/', '?' or '#' is in a relative URL's path or query
    }
  }
  const std::string_view scheme(cleaned.data(), colon);
  for (const std::string_view allowed : k_allowed_schemes) {
    if (scheme == allowed) {
      return true;
    }
  }
  return false;
}

bool
inside_link(cmark_node* node)
{
  for (cmark_node* up = cmark_node_parent(node); up != nullptr; up = cmark_node_parent(up)) {
    if (cmark_node_get_type(up) == CMARK_NODE_LINK) {
      return true;
    }
  }
  return false;
}

// An image becomes a link to its URL showing its alt text (or the URL when there is none, so the link can
// be seen and clicked).
void
replace_image(cmark_node* image)
{
  cmark_node* link = cmark_node_new(CMARK_NODE_LINK);
  cmark_node_set_url(link, cmark_node_get_url(image));
  cmark_node_set_title(link, cmark_node_get_title(image));
  while (cmark_node* child = cmark_node_first_child(image)) {
    cmark_node_append_child(link, child);
  }
  if (cmark_node_first_child(link) == nullptr) {
    cmark_node* text = cmark_node_new(CMARK_NODE_TEXT);
    cmark_node_set_literal(text, cmark_node_get_url(image));
    cmark_node_append_child(link, text);
  }
  cmark_node_replace(image, link);
  cmark_node_free(image);
}

// A link inside another (from a linked image, or a link in an image's alt text) keeps only its text, since
// HTML links do not nest.
void
unwrap_link(cmark_node* link)
{
  while (cmark_node* child = cmark_node_first_child(link)) {
    cmark_node_insert_before(link, child);
  }
  cmark_node_free(link);
}

std::vector<cmark_node*>
nodes_of_type(cmark_node* root, cmark_node_type type)
{
  std::vector<cmark_node*> found;
  cmark_iter* iter = cmark_iter_new(root);
  for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE; event = cmark_iter_next(iter)) {
    cmark_node* node = cmark_iter_get_node(iter);
    if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == type) {
      found.push_back(node);
    }
  }
  cmark_iter_free(iter);
  return found;
}

std::string
with_rel_on_links(std::string_view html)
{
  // Textual insertion is safe: in safe mode every "<" of the user's text, titles and code is escaped and
  // URLs are percent-encoded, so each literal "<a " in the output is a link cmark made.
  std::string out;
  out.reserve(html.size());
  std::size_t from = 0;
  for (auto at = html.find(k_anchor_open); at != std::string_view::npos; at = html.find(k_anchor_open, from)) {
    out.append(html.substr(from, at + k_anchor_open.size() - from));
    out.append(k_rel);
    from = at + k_anchor_open.size();
  }
  out.append(html.substr(from));
  return out;
}

bool
is_nesting_block(cmark_node_type type)
{
  return type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST; // a list's items are its own level
}

// The comment's tree as it is rendered: images shown as links to them, nested links unwrapped, unsafe targets dropped.
NodePtr
safe_document(std::string_view markdown)
{
  NodePtr document(cmark_parse_document(markdown.data(), markdown.size(), k_options));
  // Collected first, then replaced: changing the tree while an iterator walks it is undefined. Moved
  // children keep their node, so an image in another's alt text is still reached.
  for (cmark_node* image : nodes_of_type(document.get(), CMARK_NODE_IMAGE)) {
    replace_image(image);
  }
  // Pre-order again: an outer link is checked before the links inside it are unwrapped.
  for (cmark_node* link : nodes_of_type(document.get(), CMARK_NODE_LINK)) {
    if (inside_link(link)) {
      unwrap_link(link);
    } else if (!has_allowed_target(cmark_node_get_url(link))) {
      cmark_node_set_url(link, "");
    }
  }
  return document;
}

}  // namespace

RenderedComment
rendered_comment(std::string_view markdown)
{
  const NodePtr document = safe_document(markdown);
  RenderedComment rendered;
  int depth = 0;
  cmark_iter* iter = cmark_iter_new(document.get());
  for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE; event = cmark_iter_next(iter)) {
    cmark_node* node = cmark_iter_get_node(iter);
    const cmark_node_type type = cmark_node_get_type(node);
    if (is_nesting_block(type)) {
      depth += event == CMARK_EVENT_ENTER ? 1 : -1;
      rendered.block_depth = std::max(rendered.block_depth, depth);
    } else if (event == CMARK_EVENT_ENTER
               && (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK)) {
      if (const char* literal = cmark_node_get_literal(node)) {
        rendered.shown_text += literal;
      }
    }
  }
  cmark_iter_free(iter);
  return rendered;
}

std::string
render_comment_html(std::string_view markdown)
{
  const NodePtr document = safe_document(markdown);
  char* html = cmark_render_html(document.get(), k_options);
  std::string rendered = with_rel_on_links(html);
  std::free(html);
  return rendered;
}

}  // namespace infertrack::formats
