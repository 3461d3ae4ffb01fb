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
CliResult run_cli(const std::vector<std::string>& args);

}  // namespace infertrack::test
