#include "infertrack/formats/json_values.hpp"

#include "infertrack/formats/field_checks.hpp"

#include <cmath>
#include <string>

namespace infertrack::formats {

namespace {

using simdjson::error_code;
using simdjson::ondemand::json_type;

const char*
expected_number(NumberRule rule)
{
  switch (rule) {
    case NumberRule::any_finite:
      return "a finite number";
    case NumberRule::non_negative:
      return "a number >= 0";
    case NumberRule::positive:
      return "a number > 0";
    case NumberRule::fraction:
      return "a fraction from 0 to 1";
  }
  return "a number";
}

}  // namespace

util::Result<bool>
is_json_null(JsonValue& value, const JsonPlace& at)
{
  json_type type{};
  if (value.type().get(type) != simdjson::SUCCESS) {
    return false;  // not a JSON value at all: the typed read that follows words what was expected
  }
  if (type != json_type::null) {
    return false;
  }
  bool null = false;
  if (value.is_null().get(null) != simdjson::SUCCESS || !null) {
    return fail_at(at, std::string(k_invalid_json) + " (got " + elided_token(raw_token(value)) + ", expected null)");
  }
  return true;
}

util::Result<std::string_view>
field_key(simdjson::ondemand::field& field, const JsonPlace& at)
{
  // Stage 1 has checked every string is closed, so the scan stops inside the (padded) input.
  const char* start = field.key().raw();
  const char* end = start;
  while (*end != '"' && *end != '\\') {
    ++end;
  }
  if (*end == '"') {
    return std::string_view(start, static_cast<std::size_t>(end - start));
  }
  std::string_view key;
  if (const error_code error = field.unescaped_key().get(key); error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  return key;
}

util::Result<std::string_view>
read_string(JsonValue& value, const JsonPlace& at)
{
  // A string without escapes is its own text: no unescaping into the parser's buffer. Stage 1 has already
  // refused raw control characters and broken UTF-8. The string is still consumed: simdjson skips one left
  // unread as a key when a colon follows, and with a closing brace too many after it the object then ended early
  // without an error (a fuzz finding).
  if (const std::string_view token = raw_token(value); token.size() >= 2 && token.front() == '"') {
    simdjson::ondemand::raw_json_string consumed;
    if (token.back() == '"' && token.find('\\') == std::string_view::npos
        && value.get_raw_json_string().get(consumed) == simdjson::SUCCESS) {
      return token.substr(1, token.size() - 2);
    }
  }
  std::string_view text;
  const error_code error = value.get_string().get(text);
  if (error == simdjson::INCORRECT_TYPE) {
    return wrong_type(value, at, "a string");
  }
  if (error == simdjson::STRING_ERROR) {
    return fail_at(at, "invalid string (got " + elided_token(raw_token(value)) + ", expected a JSON string)");
  }
  if (error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  return text;
}

util::Result<std::optional<std::string_view>>
read_optional_string(JsonValue& value, const JsonPlace& at)
{
  INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
  if (null) {
    return std::optional<std::string_view>();
  }
  INFERTRACK_TRY_ASSIGN(text, read_string(value, at));
  return std::optional<std::string_view>(text);
}

util::Result<double>
read_number(JsonValue& value, const JsonPlace& at, NumberRule rule)
{
  double number = 0;
  const error_code error = value.get_double().get(number);
  if (error == simdjson::INCORRECT_TYPE) {
    return wrong_type(value, at, expected_number(rule));
  }
  // A number too large for a double (1e999) is out of range as one beyond k_max_number_magnitude is.
  if (error == simdjson::NUMBER_ERROR) {
    const bool too_large = is_json_number(raw_token(value));
    return bad_number(value, at,
                      std::string(expected_number(rule)) + std::string(too_large ? k_max_number_magnitude_words : ""));
  }
  if (error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  const auto refuse = [&](const char* what, std::string_view bound = "") {
    // The number as written: 1e-400 reads as 0, which the message must not claim was given.
    std::string_view written = value.raw_json_token();
    while (!written.empty() && (written.back() == ' ' || written.back() == '\t' || written.back() == '\n' ||
                                written.back() == '\r')) {
      written.remove_suffix(1);
    }
    const std::string got = written.empty() ? number_text(number) : std::string(written);
    return fail_at(at, std::string(what) + " (got " + got + ", expected " + expected_number(rule) + std::string(bound) +
                         ")");
  };
  if (std::abs(number) > k_max_number_magnitude) {
    return refuse("number out of range", k_max_number_magnitude_words);
  }
  switch (rule) {
    case NumberRule::any_finite:
      break;
    case NumberRule::non_negative:
      if (number < 0) {
        return refuse("must not be negative");
      }
      break;
    case NumberRule::positive:
      if (number <= 0) {
        return refuse("must be positive");
      }
      break;
    case NumberRule::fraction:
      if (number < 0 || number > 1) {
        return refuse("out of range");
      }
      break;
  }
  return number;
}

util::Result<std::optional<double>>
read_optional_number(JsonValue& value, const JsonPlace& at, NumberRule rule)
{
  INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
  if (null) {
    return std::optional<double>();
  }
  INFERTRACK_TRY_ASSIGN(number, read_number(value, at, rule));
  return std::optional<double>(number);
}

util::Result<std::int64_t>
read_count(JsonValue& value, const JsonPlace& at)
{
  constexpr std::string_view k_expected = "an integer > 0";
  std::int64_t count = 0;
  const error_code error = value.get_int64().get(count);
  if (error == simdjson::INCORRECT_TYPE || error == simdjson::NUMBER_ERROR || error == simdjson::NUMBER_OUT_OF_RANGE) {
    json_type type{};
    if (value.type().get(type) != simdjson::SUCCESS || type != json_type::number) {
      return wrong_type(value, at, k_expected);
    }
    const std::string_view token = raw_token(value);
    if (is_json_number(token) && token.find_first_of(".eE") != std::string_view::npos) {
      return fail_at(at, "not an integer (got " + elided_token(token) + ", expected " + std::string(k_expected) + ")");
    }
    return bad_number(value, at, k_expected);
  }
  if (error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  if (count <= 0) {
    return fail_at(at,
                   "must be positive (got " + std::to_string(count) + ", expected " + std::string(k_expected) + ")");
  }
  return count;
}

util::Result<std::optional<std::int64_t>>
read_optional_count(JsonValue& value, const JsonPlace& at)
{
  INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
  if (null) {
    return std::optional<std::int64_t>();
  }
  INFERTRACK_TRY_ASSIGN(count, read_count(value, at));
  return std::optional<std::int64_t>(count);
}

util::Result<bool>
read_bool(JsonValue& value, const JsonPlace& at)
{
  bool flag = false;
  const error_code error = value.get_bool().get(flag);
  if (error == simdjson::INCORRECT_TYPE) {
    return wrong_type(value, at, "true or false");
  }
  if (error == simdjson::T_ATOM_ERROR || error == simdjson::F_ATOM_ERROR) {
    return fail_at(
      at, std::string(k_invalid_json) + " (got " + elided_token(raw_token(value)) + ", expected true or false)");
  }
  if (error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  return flag;
}

util::Result<std::string>
read_id_text(JsonValue& value, const JsonPlace& at)
{
  json_type type{};
  if (const error_code error = value.type().get(type); error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  if (type == json_type::number) {
    std::int64_t id = 0;
    if (value.get_int64().get(id) != simdjson::SUCCESS) {
      return wrong_type(value, at, "a string or an integer");
    }
    return std::to_string(id);
  }
  if (type != json_type::string) {
    return wrong_type(value, at, "a string or an integer");
  }
  INFERTRACK_TRY_ASSIGN(text, read_string(value, at));
  return std::string(text);
}

util::Result<void>
read_name(JsonValue& value,
          const JsonPlace& at,
          NameMemo& memo,
          std::string (*canonical_of)(std::string_view),
          std::string& out)
{
  INFERTRACK_TRY_ASSIGN(text, read_string(value, at));
  return assign_name(text, at, memo, canonical_of, out);
}

util::Result<void>
assign_name(std::string_view text,
            const JsonPlace& at,
            NameMemo& memo,
            std::string (*canonical_of)(std::string_view),
            std::string& out)
{
  auto canonical = memo.canonical(text, canonical_of);
  if (!canonical) {
    return fail_at(at, std::move(canonical.error()));
  }
  out.assign(*canonical);
  return {};
}

namespace {

// How deep values the readers do not map may nest: far beyond any real input, and well within the stack of the
// thread that walks them (one frame per level).
constexpr int k_max_unmapped_depth = 1024;

util::Result<void>
validate_nested_value(JsonValue value, const JsonPlace& at, int depth)
{
  if (depth > k_max_unmapped_depth) {
    return fail_at(at, "nested too deeply (got more than " + std::to_string(k_max_unmapped_depth)
                         + " levels of arrays and objects, expected far fewer)");
  }
  json_type type{};
  if (const error_code error = value.type().get(type); error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  switch (type) {
    case json_type::object:
      // Errors inside name the field the reader met (the place of the whole value), not the nested key.
      return for_each_field(value, at, "an object", [&](std::string_view, JsonValue& member, const JsonPlace&) {
        return validate_nested_value(member, at, depth + 1);
      });
    case json_type::array:
      return for_each_element(value, at, "an array", [&](JsonValue& element, std::size_t) {
        return validate_nested_value(element, at, depth + 1);
      });
    case json_type::string:
      INFERTRACK_TRY(read_string(value, at));
      return {};
    case json_type::number:
      // Derived views are not data: any well-formed number will do, even one too large for a double.
      if (!is_json_number(raw_token(value))) {
        return bad_number(value, at, "a JSON number");
      }
      return {};
    case json_type::boolean:
      INFERTRACK_TRY(read_bool(value, at));
      return {};
    case json_type::null: {
      INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
      (void)null;
      return {};
    }
  }
  return {};
}

}  // namespace

util::Result<void>
validate_json_value(JsonValue value, const JsonPlace& at)
{
  return validate_nested_value(value, at, 1);
}

}  // namespace infertrack::formats
