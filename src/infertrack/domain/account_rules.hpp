#pragma once

#include "infertrack/util/result.hpp"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace infertrack::domain {

// What an account's fields must satisfy; the server and the CLI apply the same rules.
inline constexpr std::size_t k_min_password_chars = 10;
inline constexpr std::size_t k_max_password_bytes = 1024;   // argon2id hashes any length; a bound stops abuse
inline constexpr std::size_t k_max_display_name_chars = 60;
inline constexpr std::size_t k_max_email_bytes = 254;       // RFC 5321 path limit

// A sorted list of lower-case common passwords (the bundled list), searched case-insensitively.
using CommonPasswords = std::span<const std::string_view>;

// Refuses a new password longer than k_max_password_bytes, not valid UTF-8, shorter than k_min_password_chars
// (counted in UTF-8 characters), or found in `common` ignoring case. Diagnostic field: "password".
util::Result<void> check_new_password(std::string_view password, CommonPasswords common);

// Trims surrounding spaces and refuses an empty name, one over k_max_display_name_chars characters, invalid
// UTF-8 or control characters. Returns the trimmed name. Diagnostic field: "display_name".
util::Result<std::string> check_display_name(std::string_view name);

// Trims and lower-cases an address and refuses one without a single '@' between non-empty parts, with
// spaces, control characters or invalid UTF-8, or longer than k_max_email_bytes. Returns the normalised address, the
// account's key. Diagnostic field: "email".
util::Result<std::string> normalise_email(std::string_view email);

// True when `text` is valid UTF-8 (no overlong forms, no surrogates).
bool is_valid_utf8(std::string_view text);

// True when valid UTF-8 `text` holds a control character (C0, DEL or C1) that is not one of the ASCII
// characters in `allowed`.
bool has_control_characters(std::string_view text, std::string_view allowed = {});

}  // namespace infertrack::domain
