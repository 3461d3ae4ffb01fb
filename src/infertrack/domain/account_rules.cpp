#include "infertrack/domain/account_rules.hpp"

#include "infertrack/domain/visible_text.hpp"
#include "infertrack/util/ascii_text.hpp"
#include "infertrack/util/utf8_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

namespace infertrack::domain {
namespace {

bool
is_continuation(unsigned char byte)
{
  return (byte & 0xC0) == 0x80;
}

}  // namespace

bool
is_valid_utf8(std::string_view text)
{
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t size = text.size();
  std::size_t i = 0;
  while (i < size) {
    const unsigned char lead = bytes[i];
    std::size_t length = 0;
    std::uint32_t code = 0;
    std::uint32_t min_code = 0;  // smaller values are overlong forms
    if (lead < 0x80) {
      ++i;
      continue;
    } else if ((lead & 0xE0) == 0xC0) {
      length = 2, code = lead & 0x1F, min_code = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
      length = 3, code = lead & 0x0F, min_code = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
      length = 4, code = lead & 0x07, min_code = 0x10000;
    } else {
      return false;
    }
    if (size - i < length) {
      return false;
    }
    for (std::size_t k = 1; k < length; ++k) {
      if (!is_continuation(bytes[i + k])) {
        return false;
      }
      code = (code << 6) | (bytes[i + k] & 0x3F);
    }
    if (code < min_code || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return false;
    }
    i += length;
  }
  return true;
}

bool
has_control_characters(std::string_view text, std::string_view allowed)
{
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (util::is_ascii_control(text[i]) && allowed.find(text[i]) == std::string_view::npos) {
      return true;
    }
    // C1 controls, U+0080 to U+009F, are encoded as C2 80 to C2 9F.
    if (byte == 0xC2 && i + 1 < text.size()) {
      const auto next = static_cast<unsigned char>(text[i + 1]);
      if (next >= 0x80 && next <= 0x9F) {
        return true;
      }
    }
  }
  return false;
}

util::Result<void>
check_new_password(std::string_view password, CommonPasswords common)
{
  // Messages never quote the password: they end up in logs and API responses.
  if (password.size() > k_max_password_bytes) {
    return util::fail("", "password",
                      fmt::format("must be at most {} bytes (got {})", k_max_password_bytes, password.size()));
  }
  if (!is_valid_utf8(password)) {
    return util::fail("", "password", "must be valid UTF-8");
  }
  const std::size_t chars = util::utf8_length(password);
  if (chars < k_min_password_chars) {
    return util::fail("", "password",
                      fmt::format("must be at least {} characters (got {})", k_min_password_chars, chars));
  }
  if (std::binary_search(common.begin(), common.end(), std::string_view(util::ascii_lower(password)))) {
    return util::fail("", "password", "is one of the most common passwords; choose another");
  }
  return {};
}

util::Result<std::string>
check_display_name(std::string_view name)
{
  const std::string_view trimmed_name = util::trim(name);
  if (trimmed_name.empty()) {
    return util::fail("", "display_name", "must not be empty");
  }
  if (!is_valid_utf8(trimmed_name)) {
    return util::fail("", "display_name", "must be valid UTF-8");
  }
  if (has_control_characters(trimmed_name)) {
    return util::fail("", "display_name", "must not hold control characters");
  }
  if (looks_blank(trimmed_name)) {
    return util::fail("", "display_name", "must show something: it holds only blank or invisible characters");
  }
  if (has_direction_controls(trimmed_name)) {
    return util::fail("", "display_name",
                      "must not hold bidirectional embedding, override or isolate characters (U+202A to U+202E, "
                      "U+2066 to U+2069), which make a name read otherwise than it is written");
  }
  const std::size_t chars = util::utf8_length(trimmed_name);
  if (chars > k_max_display_name_chars) {
    return util::fail("", "display_name",
                      fmt::format("must be at most {} characters (got {})", k_max_display_name_chars, chars));
  }
  return std::string(trimmed_name);
}

util::Result<std::string>
normalise_email(std::string_view email)
{
  const std::string_view trimmed_email = util::trim(email);
  if (trimmed_email.size() > k_max_email_bytes) {
    return util::fail("", "email",
                      fmt::format("must be at most {} bytes (got {})", k_max_email_bytes, trimmed_email.size()));
  }
  if (!is_valid_utf8(trimmed_email)) {
    return util::fail("", "email", "must be valid UTF-8");
  }
  if (trimmed_email.find(' ') != std::string_view::npos || has_control_characters(trimmed_email)) {
    return util::fail("", "email", "must not hold spaces or control characters");
  }
  const auto at = trimmed_email.find('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == trimmed_email.size() ||
      trimmed_email.find('@', at + 1) != std::string_view::npos) {
    return util::fail("", "email", "must be one '@' between a name and a domain (like name@example.org)");
  }
  return util::ascii_lower(trimmed_email);
}

}  // namespace infertrack::domain
