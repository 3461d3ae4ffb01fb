// libFuzzer target for comment bodies, the one text the server renders to HTML (check_comment_body, then cmark in
// safe mode): any bytes must give HTML or a diagnostic, never a crash, a sanitizer report or a hang. The HTML holds
// only the tags cmark writes for CommonMark (no raw HTML, no images), and no link keeps a target whose scheme is
// not http, https or mailto, as a browser would read it.
#include "infertrack/domain/comment_rules.hpp"
#include "infertrack/formats/comment_markdown.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

// The tags cmark's HTML renderer writes for CommonMark blocks and inlines, images being turned into links.
constexpr std::array<std::string_view, 17> k_tags = {
  "p", "blockquote", "ul", "ol", "li", "pre", "code", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "br", "em", "strong"};
constexpr std::string_view k_omitted = "<!-- raw HTML omitted -->";

bool
is_known_tag(std::string_view at)
{
  at.remove_prefix(1);  // '<'
  if (at.starts_with('/')) {
    at.remove_prefix(1);
  }
  const std::size_t end = at.find_first_of(" />");
  if (end == std::string_view::npos) {
    return false;
  }
  const std::string_view name = at.substr(0, end);
  if (name == "a") {
    return true;
  }
  for (const std::string_view tag : k_tags) {
    if (name == tag) {
      return true;
    }
  }
  return false;
}

// Whether the link target `href` (as written in the HTML attribute) names a scheme a browser would run or load.
bool
has_unsafe_scheme(std::string_view href)
{
  std::string url;
  for (std::size_t i = 0; i < href.size(); ++i) {
    if (href.substr(i).starts_with("&amp;")) {
      url += '&';
      i += 4;
    } else if (static_cast<unsigned char>(href[i]) > ' ' && href[i] != 0x7F) {
      url += (href[i] >= 'A' && href[i] <= 'Z') ? static_cast<char>(href[i] - 'A' + 'a') : href[i];
    }
  }
  const std::size_t colon = url.find(':');
  if (colon == std::string::npos || colon == 0 || !(url[0] >= 'a' && url[0] <= 'z')) {
    return false;
  }
  for (std::size_t i = 0; i < colon; ++i) {
    const char c = url[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')) {
      return false;
    }
  }
  const std::string_view scheme(url.data(), colon);
  return scheme != "http" && scheme != "https" && scheme != "mailto";
}

}  // namespace

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  const auto body = infertrack::domain::check_comment_body(text);
  if (!body ? body.error().message.empty() : !text.starts_with(*body) || body->empty()) {
    __builtin_trap();
  }
  const auto rendered = infertrack::formats::rendered_comment(text);
  if (rendered.block_depth < 0) {
    __builtin_trap();
  }

  const std::string html = infertrack::formats::render_comment_html(text);
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    const std::string_view rest = std::string_view(html).substr(at);
    if (!rest.starts_with(k_omitted) && !is_known_tag(rest)) {
      __builtin_trap();  // a tag cmark does not write: raw HTML got through
    }
  }
  // Each link's attributes, read in order: a value holds no '"' (cmark escapes it), but a title may hold "href=".
  constexpr std::string_view k_anchor = "<a ";
  for (std::size_t at = html.find(k_anchor); at != std::string::npos; at = html.find(k_anchor, at + 1)) {
    std::size_t next = at + k_anchor.size();
    while (next < html.size() && html[next] != '>') {
      const std::size_t equals = html.find("=\"", next);
      const std::size_t end = equals == std::string::npos ? equals : html.find('"', equals + 2);
      if (end == std::string::npos) {
        __builtin_trap();  // an attribute left open
      }
      const std::string_view name = std::string_view(html).substr(next, equals - next);
      if (name == "href" && has_unsafe_scheme(std::string_view(html).substr(equals + 2, end - equals - 2))) {
        __builtin_trap();
      }
      next = html.find_first_not_of(' ', end + 1);
    }
  }
  return 0;
}
