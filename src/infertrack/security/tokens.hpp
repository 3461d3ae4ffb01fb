#pragma once

#include <string>
#include <string_view>

namespace infertrack::security {

// A new secret token: 32 random bytes as 43 URL-safe base64 characters (no padding), fit for a cookie.
std::string new_token();

// The hex BLAKE2b-256 hash of `token`: what the database stores for a session, so that a copy of the
// database does not hold usable session tokens.
std::string token_hash(std::string_view token);

// The CSRF token bound to the session or visitor token `token`: a keyed hash under a key of its own, so it
// differs from token_hash(token) and reveals nothing about `token`. 64 hex characters.
std::string csrf_token_for(std::string_view token);

// Compares two secrets in time that does not depend on where they differ.
bool secrets_equal(std::string_view a, std::string_view b);

}  // namespace infertrack::security
