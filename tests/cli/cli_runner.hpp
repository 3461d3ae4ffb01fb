#pragma once

#include "support/temp_dir.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace infertrack::test {

// What one run of the real infertrack binary printed and returned.
struct CliResult
{
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs the built binary with `args` (no shell), with INFERTRACK_DB unset so only --db chooses the file.
// Standard input is inherited.
CliResult run_cli(const std::vector<std::string>& args);

// The same with `standard_input` as the whole of the child's standard input (a file, not a terminal).
CliResult run_cli(const std::vector<std::string>& args, const std::string& standard_input);

}  // namespace infertrack::test
