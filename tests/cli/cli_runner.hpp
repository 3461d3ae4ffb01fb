#pragma once

#include "support/temp_dir.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
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

// Where a run happens: its working directory and its INFERTRACK_DB (unset when nullopt).
struct CliSurroundings
{
  std::filesystem::path working_directory;
  std::optional<std::string> database_variable;
  std::filesystem::path standard_output{}; // where the child writes its output instead of CliResult::out, if set
};

// The same, run in `surroundings`.
CliResult run_cli(const std::vector<std::string>& args, const CliSurroundings& surroundings);

// A test with a database of its own on the binary's engine, which every command it runs names with --db, and a
// directory for its files (the database is not in it).
class CliDatabaseTest : public testing::Test
{
protected:
  TempDir dir;
  test_engine::TestDatabase database;
  std::string db = database.locator(); // a SQLite file's path or a postgresql:// URL with its password

  CliResult run(std::vector<std::string> args)
  {
    args.push_back("--db");
    args.push_back(db);
    return run_cli(args);
  }

  // The command's --json answer; null (and a failed expectation) when it exits non-zero.
  nlohmann::json run_json(std::vector<std::string> args)
  {
    args.push_back("--json");
    const CliResult result = run(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.exit_code == 0 ? nlohmann::json::parse(result.out) : nlohmann::json();
  }
};

}  // namespace infertrack::test
