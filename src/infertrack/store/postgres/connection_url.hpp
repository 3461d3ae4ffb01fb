#pragma once

#include <string>
#include <string_view>

namespace infertrack::store::postgres {

// Whether `location` (a --db value or $INFERTRACK_DB) names a PostgreSQL database, `postgresql://...` or
// `postgres://...`, rather than a SQLite file.
bool is_postgres_url(std::string_view location);

// `url` with its password, in the user information or a `password` query parameter, written as "***": the form
// every message and log line uses, so that a password is never printed.
std::string redacted_url(std::string_view url);

// `message` with every password `url` holds written as "***": for a message of libpq's or the server's about a
// connection to `url`, which must not repeat its password either.
std::string without_passwords(std::string message, std::string_view url);

}  // namespace infertrack::store::postgres
