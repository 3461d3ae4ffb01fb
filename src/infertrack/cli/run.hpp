#pragma once

namespace infertrack::cli {

// Exit codes of every subcommand.
inline constexpr int k_exit_ok = 0;
inline constexpr int k_exit_failure = 1; // storage or I/O failure
inline constexpr int k_exit_usage = 2;   // wrong flags or arguments
inline constexpr int k_exit_bad_data = 3; // input refused (file, record and field named)

// Parses the command line and runs the subcommand; returns the process exit code.
int run(int argc, char** argv);

}  // namespace infertrack::cli
