#pragma once

#include "infertrack/util/result.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace infertrack::domain {

inline constexpr std::size_t k_max_comment_chars = 5000;
// Replies nest at most this deep; a reply to a deeper comment is refused.
inline constexpr int k_max_reply_depth = 8;
// Quotes and lists nest at most this deep inside one comment: deeper, a short text renders to many times its size.
inline constexpr int k_max_comment_block_depth = 10;
// A comment renders to at most this much HTML: eight times its longest text, more than any text escapes to (a quote
// becomes "&quot;"), but far less than a few reference links repeated hundreds of times expand to.
inline constexpr std::size_t k_max_comment_html_bytes = 8 * k_max_comment_chars;

// What a comment is about: the tracker page as a whole, or one benchmark point.
struct CommentSubject
{
  // Empty for the tracker page; the point's result id otherwise.
  std::string point_id;

  // "page" or "point:<result id>", the key under which comments are stored and requested.
  std::string key() const { return point_id.empty() ? "page" : "point:" + point_id; }
  bool operator==(const CommentSubject&) const = default;
};

// Parses "page" or "point:<result id>" (a non-empty id). Diagnostic field: "subject".
util::Result<CommentSubject> parse_comment_subject(std::string_view key);

// Refuses a comment body that is blank, over k_max_comment_chars characters, not valid UTF-8, or holds
// control characters other than tab, newline and carriage return, or bidirectional embeddings, overrides or isolates. Returns the body with trailing
// whitespace removed. Diagnostic field: "body".
util::Result<std::string> check_comment_body(std::string_view body);

}  // namespace infertrack::domain
