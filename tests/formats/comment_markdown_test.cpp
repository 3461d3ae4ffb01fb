#include "infertrack/formats/comment_markdown.hpp"

#include "formats/test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace infertrack::formats {
namespace {

constexpr std::string_view k_rel = "rel=\"nofollow noopener ugc\"";

std::string
lower(std::string text)
{
  std::transform(text.begin(), text.end(), text.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return text;
}

// An href as the browser reads it: character references decoded, whitespace and controls dropped, lower case.
std::string
href_as_read(const std::string& value)
{
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto semicolon = value.find(';', i);
    if (value[i] == '&' && semicolon != std::string::npos) {
      const std::string name = value.substr(i + 1, semicolon - i - 1);
      if (name.starts_with("#x") || name.starts_with("#X")) {
        out += static_cast<char>(std::stoi(name.substr(2), nullptr, 16));
      } else if (name.starts_with("#")) {
        out += static_cast<char>(std::stoi(name.substr(1)));
      } else {
        out += name == "amp" ? '&' : name == "quot" ? '"' : '?';
      }
      i = semicolon;
    } else if (static_cast<unsigned char>(value[i]) > ' ') {
      out += value[i];
    }
  }
  return lower(out);
}

// What in `html` could run script: a tag that is not a plain markdown element, an attribute other than
// the few cmark writes, or an href with a script or data scheme. Empty when the output is safe.
std::vector<std::string>
unsafe_parts(const std::string& html)
{
  static const std::set<std::string> k_elements = {"p",  "a",  "em", "strong", "code", "pre", "ul", "ol",
                                                   "li", "h1", "h2", "h3",     "h4",   "h5",  "h6", "hr",
                                                   "br", "blockquote"};
  static const std::set<std::string> k_attributes = {"href", "title", "rel", "class", "start"};
  static const std::regex k_tag(R"(^<(/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*/?>)");
  static const std::regex k_attribute(R"re(([a-z-]+)="([^"]*)")re");
  std::vector<std::string> found;
  for (auto at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    const std::string rest = html.substr(at);
    if (rest.starts_with("<!-- raw HTML omitted -->")) {
      continue;
    }
    std::smatch tag;
    if (!std::regex_search(rest, tag, k_tag) || !k_elements.contains(tag[2].str())) {
      found.push_back("tag: " + rest.substr(0, 40));
      continue;
    }
    const std::string attributes = tag[3].str();
    for (std::sregex_iterator it(attributes.begin(), attributes.end(), k_attribute), end; it != end; ++it) {
      const std::string name = (*it)[1].str();
      const std::string value = href_as_read((*it)[2].str());
      if (!k_attributes.contains(name)) {
        found.push_back("attribute: " + name);
      }
      if (name == "href" && (value.starts_with("javascript:") || value.starts_with("vbscript:") ||
                             value.starts_with("data:") || value.starts_with("file:"))) {
        found.push_back("href: " + value);
      }
    }
  }
  return found;
}

std::vector<std::string>
xss_payloads()
{
  std::istringstream lines(test::read_source_file("tests/cases/xss-payloads.txt"));
  std::vector<std::string> payloads;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) {
      payloads.push_back(line);
    }
  }
  return payloads;
}

TEST(render_comment_html, neutralises_every_xss_payload)
{
  const std::vector<std::string> payloads = xss_payloads();
  ASSERT_GE(payloads.size(), 25u);
  for (const std::string& payload : payloads) {
    const std::string html = render_comment_html(payload);
    const std::string lowered = lower(html);
    for (const char* banned : {"<script", "<img", "<iframe", "<svg", "<style", "<object", "<embed", "<math"}) {
      EXPECT_EQ(lowered.find(banned), std::string::npos) << payload << "\n-> " << html;
    }
    // Quoted attribute values are escaped text (a title may well read "onerror="), so they are cut first.
    const std::string unquoted = std::regex_replace(lowered, std::regex(R"("[^"]*")"), "\"\"");
    EXPECT_FALSE(std::regex_search(unquoted, std::regex(R"(<[^>]*\son[a-z]+\s*=)"))) << payload << "\n-> " << html;
    EXPECT_EQ(unsafe_parts(html), std::vector<std::string>{}) << payload << "\n-> " << html;
  }
}

TEST(render_comment_html, every_payload_leaves_all_links_with_rel)
{
  for (const std::string& payload : xss_payloads()) {
    const std::string html = render_comment_html(payload);
    for (auto at = html.find("<a "); at != std::string::npos; at = html.find("<a ", at + 1)) {
      EXPECT_EQ(html.compare(at + 3, k_rel.size(), k_rel), 0) << payload << "\n-> " << html;
    }
  }
}

TEST(render_comment_html, renders_ordinary_markdown)
{
  EXPECT_EQ(render_comment_html("*a* **b** `c < d`"),
            "<p><em>a</em> <strong>b</strong> <code>c &lt; d</code></p>\n");
  EXPECT_EQ(render_comment_html("- one\n- two\n"), "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n");
  EXPECT_EQ(render_comment_html("1. one\n2. two\n"), "<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n");
  EXPECT_EQ(render_comment_html("```cpp\nint x = 1 < 2;\n```\n"),
            "<pre><code class=\"language-cpp\">int x = 1 &lt; 2;\n</code></pre>\n");
  EXPECT_EQ(render_comment_html("> quoted"), "<blockquote>\n<p>quoted</p>\n</blockquote>\n");
}

TEST(render_comment_html, keeps_soft_breaks_as_newlines)
{
  EXPECT_EQ(render_comment_html("first line\nsecond line"), "<p>first line\nsecond line</p>\n");
}

TEST(render_comment_html, gives_links_rel_nofollow)
{
  EXPECT_EQ(render_comment_html("[docs](https://example.org/a?b=1&c=2 \"Title\")"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"https://example.org/a?b=1&amp;c=2\" "
            "title=\"Title\">docs</a></p>\n");
  EXPECT_EQ(render_comment_html("<https://example.org>"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"https://example.org\">https://example.org</a></p>\n");
  EXPECT_EQ(render_comment_html("[mail](mailto:a@example.org)"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"mailto:a@example.org\">mail</a></p>\n");
  EXPECT_EQ(render_comment_html("[here](/points?id=a:b#c)"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"/points?id=a:b#c\">here</a></p>\n");
}

TEST(render_comment_html, drops_targets_of_unsafe_schemes)
{
  EXPECT_EQ(render_comment_html("[x](javascript:alert(1))"), "<p><a rel=\"nofollow noopener ugc\" href=\"\">x</a></p>\n");
  EXPECT_EQ(render_comment_html("[x](data:image/png;base64,AAAA)"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"\">x</a></p>\n");
  EXPECT_EQ(render_comment_html("[x](ftp://example.org/f)"), "<p><a rel=\"nofollow noopener ugc\" href=\"\">x</a></p>\n");
}

TEST(render_comment_html, shows_an_image_as_a_link_with_its_alt_text)
{
  EXPECT_EQ(render_comment_html("![a *tiny* cat](https://example.org/cat.png \"Cat\")"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"https://example.org/cat.png\" title=\"Cat\">"
            "a <em>tiny</em> cat</a></p>\n");
  EXPECT_EQ(render_comment_html("![](https://example.org/cat.png)"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"https://example.org/cat.png\">"
            "https://example.org/cat.png</a></p>\n");
  // A linked badge: one link, to the outer target, showing the alt text.
  EXPECT_EQ(render_comment_html("[![build passing](https://ci.example/badge.svg)](https://ci.example)"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"https://ci.example\">build passing</a></p>\n");
}

TEST(render_comment_html, escapes_a_literal_anchor_so_rel_insertion_cannot_touch_it)
{
  // The only way for the user's text to reach the output as "<a " would be raw HTML, which safe mode omits,
  // or an escaped "<", which comes out as "&lt;".
  EXPECT_EQ(render_comment_html("\\<a href=\"https://x\">text"),
            "<p>&lt;a href=&quot;https://x&quot;&gt;text</p>\n");
  EXPECT_EQ(render_comment_html("<a href=\"https://x\">raw</a>"),
            "<p><!-- raw HTML omitted -->raw<!-- raw HTML omitted --></p>\n");
  EXPECT_EQ(render_comment_html("`<a href=x>`"), "<p><code>&lt;a href=x&gt;</code></p>\n");
  EXPECT_EQ(render_comment_html("[t](https://x \"<a b\")"),
            "<p><a rel=\"nofollow noopener ugc\" href=\"https://x\" title=\"&lt;a b\">t</a></p>\n");
}

TEST(render_comment_html, replaces_invalid_utf8)
{
  EXPECT_EQ(render_comment_html("bad \xff byte"), "<p>bad \xef\xbf\xbd byte</p>\n");
}

}  // namespace
}  // namespace infertrack::formats
