#include "infertrack/formats/field_checks.hpp"

#include "infertrack/domain/visible_text.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include <simdjson.h>

namespace infertrack::formats {

namespace {

bool
is_digit(char c)
{
  return c >= '0' && c <= '9';
}

bool
is_alpha(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

char
lower(char c)
{
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

int
two_digits(std::string_view text, std::size_t at)
{
  return (text[at] - '0') * 10 + (text[at + 1] - '0');
}

}  // namespace

std::string
quoted_text(std::string_view text)
{
  constexpr std::string_view k_hex = "0123456789abcdef";
  // Messages travel as JSON too: bytes of broken UTF-8 are shown as \xNN, never copied.
  const bool utf8 = simdjson::validate_utf8(text.data(), text.size());
  std::string out = "\"";
  std::size_t shown = 0;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool continuation = utf8 && (byte & 0xc0) == 0x80;
    if (!continuation && shown == k_max_quoted_chars) {
      out += "...";
      break;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (util::is_ascii_control(c) || (byte >= 0x80 && !utf8)) {
      out += "\\x";
      out += k_hex[byte >> 4];
      out += k_hex[byte & 0xf];
    } else {
      out += c;
    }
    shown += continuation ? 0 : 1;
  }
  out += '"';
  return out;
}

std::optional<std::string>
date_problem(std::string_view text)
{
  if (!is_iso_date(text)) {
    return "not a date (got " + quoted_text(text) + ", expected YYYY-MM-DD)";
  }
  if (text < "2000-01-01" || text > "2099-12-31") {
    return "a date out of range (got " + quoted_text(text) + ", expected a date from 2000-01-01 to 2099-12-31)";
  }
  return std::nullopt;
}

bool
is_iso_date(std::string_view text)
{
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') {
    return false;
  }
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (!is_digit(text[i])) {
      return false;
    }
  }
  const int year = two_digits(text, 0) * 100 + two_digits(text, 2);
  const int month = two_digits(text, 5);
  const int day = two_digits(text, 8);
  if (month < 1 || month > 12 || day < 1) {
    return false;
  }
  constexpr std::array<int, 12> k_days = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  const int days_in_month = k_days[static_cast<std::size_t>(month - 1)] + (month == 2 && leap ? 1 : 0);
  return day <= days_in_month;
}

std::string
number_text(double value)
{
  std::array<char, 32> buffer{};
  const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return ec == std::errc() ? std::string(buffer.data(), end) : std::string("?");
}

std::string_view
trim_blanks(std::string_view text)
{
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

std::string
canonical_name(std::string_view name, std::string (*canonical_of)(std::string_view))
{
  // The blanks domain/name_aliases.hpp trims from a name it is given.
  constexpr std::string_view k_blanks = " \t\r\n";
  std::string canonical = canonical_of(name);
  const std::size_t first = canonical.find_first_not_of(k_blanks);
  if (first == std::string::npos) {
    return {};
  }
  const std::size_t last = canonical.find_last_not_of(k_blanks);
  if (first != 0 || last + 1 != canonical.size()) {
    canonical = canonical.substr(first, last + 1 - first);
  }
  return canonical;
}

tl::expected<std::string_view, std::string>
NameMemo::canonical(std::string_view name, std::string (*canonical_of)(std::string_view))
{
  if (!m_filled || m_raw != name) {
    if (auto problem = unprintable_name(name)) {
      return tl::unexpected(std::move(*problem));
    }
    m_raw.assign(name);
    m_canonical = canonical_name(name, canonical_of);
    m_filled = true;
  }
  if (m_canonical.empty()) {
    return tl::unexpected("empty name (got " + quoted_text(name) + ", expected a non-empty name)");
  }
  return m_canonical;
}

std::optional<std::int64_t>
parse_integer(std::string_view text, bool* out_of_range)
{
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec == std::errc::result_out_of_range && ptr == end && out_of_range != nullptr) {
    *out_of_range = true;
  }
  if (ec != std::errc() || ptr != end) {
    return std::nullopt;
  }
  return value;
}

std::optional<double>
parse_number(std::string_view text, bool* out_of_range)
{
  // from_chars also reads "inf" and "nan": only digits, sign, point and exponent make a number here.
  if (text.empty() || !(is_digit(text.front()) || text.front() == '-' || text.front() == '.')) {
    return std::nullopt;
  }
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ptr != end) {
    return std::nullopt;
  }
  if (ec == std::errc::result_out_of_range) {
    // Underflow (1e-400) is a well-formed zero; overflow (1e999) has no finite value.
    const double rounded = std::strtod(std::string(text).c_str(), nullptr);
    if (std::isfinite(rounded)) {
      return rounded;
    }
    if (out_of_range != nullptr) {
      *out_of_range = true;
    }
    return std::nullopt;
  }
  if (ec != std::errc() || !std::isfinite(value)) {
    return std::nullopt;
  }
  if (std::abs(value) > k_max_number_magnitude) {
    if (out_of_range != nullptr) {
      *out_of_range = true;
    }
    return std::nullopt;
  }
  return value;
}

std::string
preset_key_from_label(std::string_view label)
{
  const std::size_t dot = label.find("\u00b7");
  const std::size_t paren = label.find('(');
  label = label.substr(0, std::min(dot, paren));
  std::string key;
  bool pending_hyphen = false;
  for (char c : label) {
    if (is_alpha(c) || is_digit(c)) {
      if (pending_hyphen && !key.empty()) {
        key += '-';
      }
      pending_hyphen = false;
      key += lower(c);
    } else {
      pending_hyphen = true;
    }
  }
  return key;
}

std::string
gpu_key_from_name(std::string_view name)
{
  std::size_t start = 0;
  while (start < name.size()) {
    std::size_t end = name.find(' ', start);
    if (end == std::string_view::npos) {
      end = name.size();
    }
    const std::string_view word = name.substr(start, end - start);
    bool has_alpha = false;
    bool has_digit = false;
    for (char c : word) {
      has_alpha = has_alpha || is_alpha(c);
      has_digit = has_digit || is_digit(c);
    }
    if (has_alpha && has_digit) {
      std::string key;
      for (char c : word) {
        key += lower(c);
      }
      return key;
    }
    start = end + 1;
  }
  return {};
}

std::optional<std::string>
unprintable_name(std::string_view text)
{
  // Measured and checked as the readers keep it: without the blanks around it.
  const std::string_view kept = trim_blanks(text);
  if (kept.size() > k_max_name_bytes) {
    return "too long (got " + std::to_string(kept.size()) + " bytes, expected at most " + std::to_string(k_max_name_bytes)
           + ")";
  }
  const bool control = std::any_of(kept.begin(), kept.end(), util::is_ascii_control);
  if (control) {
    return "holds a control character (got " + quoted_text(text) + ", expected printable text)";
  }
  // Each such character starts with the byte 0xE2: names without one (nearly all) are not decoded.
  if (kept.find('\xE2') != std::string_view::npos && domain::has_direction_controls(kept)) {
    return "holds a bidirectional override, embedding or isolate (U+202A to U+202E, U+2066 to U+2069), which shows "
           "it in another order than it is written (got " + quoted_text(text) + ")";
  }
  return std::nullopt;
}

std::optional<std::string>
unusable_name(std::string_view text)
{
  if (trim_blanks(text).empty()) {
    return "empty name (got " + quoted_text(text) + ", expected a non-empty name)";
  }
  return unprintable_name(text);
}

std::optional<std::string>
gpu_pools_out_of_range(std::int64_t prefill, std::int64_t decode)
{
  std::int64_t total = 0;
  if (!__builtin_add_overflow(prefill, decode, &total)) {
    return std::nullopt;
  }
  return "number out of range (got " + std::to_string(prefill) + " prefill + " + std::to_string(decode) +
         " decode GPUs, expected a total below 2^63)";
}

}  // namespace infertrack::formats
