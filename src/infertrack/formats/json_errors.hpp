#pragma once

#include "infertrack/util/result.hpp"

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <string_view>

// Where a JSON value sits and how what went wrong with it is worded, for the snapshot reader's diagnostics:
// "points[2]:concurrency: wrong type (got the string \"16\", expected an integer > 0)".
namespace infertrack::formats {

using JsonValue = simdjson::ondemand::value;

// How messages about broken JSON begin; a reader that finds the text cut short says so instead.
inline constexpr std::string_view k_invalid_json = "invalid JSON";
inline constexpr std::string_view k_truncated_json =
  "truncated JSON (got the end of the input inside an object or array, expected its closing bracket)";

// Whether `text` ends inside a string, object or array: cut short rather than malformed. Scans the whole text,
// so it is meant for the error path.
bool ends_inside_json_value(std::string_view text);

// Where a value sits: "points[2]" + "concurrency". Record text is only built when a diagnostic is.
struct JsonPlace
{
  static constexpr std::size_t k_no_index = static_cast<std::size_t>(-1);

  std::string_view section;  // "points", "hardware", "headline_100.Pro", "snapshot"
  std::size_t index = k_no_index;
  std::string_view field;

  std::string record() const;
};

tl::unexpected<util::Diagnostic> fail_at(const JsonPlace& at, std::string message);

// The diagnostic for a simdjson error met while reading at `at`.
tl::unexpected<util::Diagnostic> json_error(simdjson::error_code error, const JsonPlace& at);

// `failed` with the whole-document messages json_error() words for the snapshot (empty input, nested too
// deeply) naming `expected` instead, for readers of other JSON documents; any other message stays.
tl::unexpected<util::Diagnostic> expecting_document(tl::unexpected<util::Diagnostic> failed,
                                                    std::string_view expected);

// The diagnostic for `value` not being what the reader wanted (`expected`, e.g. "an integer > 0").
tl::unexpected<util::Diagnostic> wrong_type(JsonValue& value, const JsonPlace& at, std::string_view expected);

// The same for a value that is not the object or array the reader wanted.
tl::unexpected<util::Diagnostic> not_a_container(JsonValue& value, const JsonPlace& at, std::string_view expected);

// The diagnostic for a number simdjson refused: well-formed but too large to hold, or malformed.
tl::unexpected<util::Diagnostic> bad_number(JsonValue& value, const JsonPlace& at, std::string_view expected);

// The JSON text of `value` (its first token for an object or array), without trailing blanks.
std::string_view raw_token(JsonValue& value);

// `token` cut to a message-sized length (never inside a UTF-8 sequence).
std::string elided_token(std::string_view token);

// Whether `text` follows the JSON number grammar -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view text);

// "the string \"128\"", "the number 1e999", "an object": what `value` is, for a "got" clause.
std::string describe_json_value(JsonValue& value);

}  // namespace infertrack::formats
