#include "infertrack/formats/json_errors.hpp"

#include "infertrack/formats/field_checks.hpp"

namespace infertrack::formats {

namespace {

using simdjson::error_code;
using simdjson::ondemand::json_type;

std::string_view
trim_json_space(std::string_view text)
{
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace

std::string
elided_token(std::string_view token)
{
  if (token.size() <= k_max_quoted_chars) {
    return std::string(token);
  }
  std::size_t cut = k_max_quoted_chars;
  while (cut > 0 && (static_cast<unsigned char>(token[cut]) & 0xc0) == 0x80) {
    --cut;  // never split a UTF-8 sequence
  }
  return std::string(token.substr(0, cut)) + "...";
}

std::string_view
raw_token(JsonValue& value)
{
  return trim_json_space(value.raw_json_token());
}

bool
is_json_number(std::string_view text)
{
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      ++i;
    }
    return i - start;
  };
  if (i < text.size() && text[i] == '-') {
    ++i;
  }
  if (i < text.size() && text[i] == '0') {
    ++i;
  } else if (digits() == 0) {
    return false;
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
    if (digits() == 0) {
      return false;
    }
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
      ++i;
    }
    if (digits() == 0) {
      return false;
    }
  }
  return i == text.size();
}

std::string
describe_json_value(JsonValue& value)
{
  json_type type{};
  if (value.type().get(type) != simdjson::SUCCESS) {
    return "an unreadable value " + elided_token(raw_token(value));
  }
  switch (type) {
    case json_type::object:
      return "an object";
    case json_type::array:
      return "an array";
    case json_type::string:
      return "the string " + elided_token(raw_token(value));
    case json_type::number:
      return "the number " + elided_token(raw_token(value));
    case json_type::boolean:
    case json_type::null:
      return elided_token(raw_token(value));
  }
  return "an unknown value";
}

tl::unexpected<util::Diagnostic>
wrong_type(JsonValue& value, const JsonPlace& at, std::string_view expected)
{
  json_type type{};
  if (value.type().get(type) != simdjson::SUCCESS) {
    // Not a value at all (a stray bracket or comma): the JSON itself is broken here.
    return fail_at(at,
                   std::string(k_invalid_json) + " (got " + quoted_text(raw_token(value)) + ", expected "
                     + std::string(expected) + ")");
  }
  return fail_at(at, "wrong type (got " + describe_json_value(value) + ", expected " + std::string(expected) + ")");
}

tl::unexpected<util::Diagnostic>
bad_number(JsonValue& value, const JsonPlace& at, std::string_view expected)
{
  const std::string_view token = raw_token(value);
  if (is_json_number(token)) {
    return fail_at(at, "number out of range (got " + elided_token(token) + ", expected " + std::string(expected) + ")");
  }
  return fail_at(at, "malformed number (got " + elided_token(token) + ", expected " + std::string(expected) + ")");
}

bool
ends_inside_json_value(std::string_view text)
{
  std::string open;  // the closing brackets still owed, innermost last
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      open += c == '{' ? '}' : ']';
    } else if (c == '}' || c == ']') {
      if (open.empty() || open.back() != c) {
        return false;  // a mismatched bracket: malformed, whatever follows
      }
      open.pop_back();
    }
  }
  return in_string || !open.empty();
}

std::string
JsonPlace::record() const
{
  if (index == k_no_index) {
    return std::string(section);
  }
  return std::string(section) + "[" + std::to_string(index) + "]";
}

tl::unexpected<util::Diagnostic>
fail_at(const JsonPlace& at, std::string message)
{
  return util::fail(at.record(), std::string(at.field), std::move(message));
}

tl::unexpected<util::Diagnostic>
expecting_document(tl::unexpected<util::Diagnostic> failed, std::string_view expected)
{
  util::Diagnostic& diagnostic = failed.value();
  if (diagnostic.message.starts_with("empty input (")) {
    diagnostic.message = "empty input (got no JSON value, expected " + std::string(expected) + ")";
  } else if (diagnostic.message.starts_with("nested too deeply (")) {
    diagnostic.message = "nested too deeply (got more levels of arrays and objects than the parser allows, "
                         "expected " + std::string(expected) + ")";
  }
  return failed;
}

tl::unexpected<util::Diagnostic>
json_error(error_code error, const JsonPlace& at)
{
  switch (error) {
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
      return fail_at(at, std::string(k_truncated_json));
    case simdjson::UNCLOSED_STRING:
      return fail_at(at, "truncated JSON (got an unclosed string, expected a closing quote)");
    case simdjson::EMPTY:
      return fail_at(at, "empty input (got no JSON value, expected a JSON object)");
    case simdjson::UTF8_ERROR:
      return fail_at(at, "not UTF-8 (got invalid UTF-8 bytes, expected UTF-8 text)");
    case simdjson::DEPTH_ERROR:
      return fail_at(at,
                     "nested too deeply (got more levels of arrays and objects than the parser allows, "
                     "expected a snapshot)");
    case simdjson::CAPACITY:
    case simdjson::MEMALLOC:
      return fail_at(at, "input too large (got more bytes than the JSON parser can hold, expected a smaller file)");
    default:
      break;
  }
  std::string what;
  switch (error) {
    case simdjson::TAPE_ERROR:
      what = "a misplaced or missing comma, colon, bracket or brace";
      break;
    case simdjson::STRING_ERROR:
    case simdjson::UNESCAPED_CHARS:
      what = "a string with a bad escape or a raw control character";
      break;
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR:
      what = "a word that is not true, false or null";
      break;
    case simdjson::NUMBER_ERROR:
      what = "a malformed number";
      break;
    default:
      what = simdjson::error_message(error);
      if (!what.empty() && what.back() == '.') {
        what.pop_back();
      }
      break;
  }
  return fail_at(at, std::string(k_invalid_json) + " (got " + what + ", expected valid JSON)");
}

tl::unexpected<util::Diagnostic>
not_a_container(JsonValue& value, const JsonPlace& at, std::string_view expected)
{
  return wrong_type(value, at, expected);
}

}  // namespace infertrack::formats
