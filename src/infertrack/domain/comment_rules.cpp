#include "infertrack/domain/comment_rules.hpp"

#include "infertrack/domain/account_rules.hpp"
#include "infertrack/domain/visible_text.hpp"
#include "infertrack/util/utf8_text.hpp"

#include <fmt/format.h>

namespace infertrack::domain {
namespace {

constexpr std::string_view k_page_key = "page";
constexpr std::string_view k_point_prefix = "point:";
constexpr std::string_view k_whitespace = " \t\r\n";
// Text layout characters a comment may hold; every other control character is refused.
constexpr std::string_view k_allowed_controls = "\t\n\r";

}  // namespace

util::Result<CommentSubject>
parse_comment_subject(std::string_view key)
{
  if (key == k_page_key) {
    return CommentSubject{};
  }
  if (key.starts_with(k_point_prefix) && key.size() > k_point_prefix.size()) {
    return CommentSubject{std::string(key.substr(k_point_prefix.size()))};
  }
  return util::fail("", "subject", fmt::format("must be \"page\" or \"point:<result id>\" (got \"{}\")", key));
}

util::Result<std::string>
check_comment_body(std::string_view body)
{
  if (!is_valid_utf8(body)) {
    return util::fail("", "body", "must be valid UTF-8");
  }
  if (has_control_characters(body, k_allowed_controls)) {
    return util::fail("", "body", "must not hold control characters other than tab and newline");
  }
  if (has_direction_controls(body)) {
    return util::fail("", "body",
                      "must not hold bidirectional embedding, override or isolate characters (U+202A to U+202E, "
                      "U+2066 to U+2069), which make text read otherwise than it is written");
  }
  const auto last = body.find_last_not_of(k_whitespace);
  if (last == std::string_view::npos || looks_blank(body)) {
    return util::fail("", "body", "must not be blank");
  }
  // Trailing whitespace is dropped before counting, so a pasted text is not refused for its last newlines.
  const std::string_view kept = body.substr(0, last + 1);
  const std::size_t chars = util::utf8_length(kept);
  if (chars > k_max_comment_chars) {
    return util::fail("", "body",
                      fmt::format("must be at most {} characters (got {})", k_max_comment_chars, chars));
  }
  return std::string(kept);
}

}  // namespace infertrack::domain
