#pragma once

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

// A fresh directory under the system temporary folder, removed on destruction.
class TempDir
{
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return m_path; }
  std::filesystem::path file(const std::string& name) const { return m_path / name; }
  // Writes `content` to a file named `name` in the directory and returns its path.
  std::filesystem::path write(const std::string& name, const std::string& content) const;

private:
  std::filesystem::path m_path;
};

}  // namespace infertrack::test
