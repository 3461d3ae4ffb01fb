#pragma once

#include "infertrack/app/community/community_outcome.hpp"
#include "infertrack/security/password_hash.hpp"

#include <CLI/CLI.hpp>

#include <string>

namespace infertrack::cli {

// Reads a new password from standard input: its first line (without the line ending) when stdin is a
// file or a pipe, so scripts can feed it; when stdin is a terminal, prompts twice on stderr with echo
// off and throws DataError when the two entries differ. Throws DataError when stdin holds no line.
std::string read_new_password();

// Adds `--password-hash-cost interactive|minimum` to `command`, writing into `cost` (default interactive).
void add_password_hash_cost_option(CLI::App& command, security::HashCost& cost);

// Throws the CLI error for an account refusal, naming the field as the command line knows it ("--email",
// "--name", "password"): not_found is a UsageError (exit 2, the command names nothing that exists),
// every other refusal a DataError (exit 3, the input was refused).
[[noreturn]] void throw_refusal(const app::Refusal& refusal);

}  // namespace infertrack::cli
