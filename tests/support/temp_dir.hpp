#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

namespace infertrack::test {

// A fresh directory under the system temporary directory, removed with everything in it at scope end, so
// that every test gets real files of its own.
class TempDir
{
public:
  TempDir()
    : m_path(std::filesystem::temp_directory_path() /
             ("infertrack-test-" + std::to_string(::getpid()) + "-" + std::to_string(next_id()++)))
  {
    std::filesystem::remove_all(m_path);
    std::filesystem::create_directories(m_path);
  }
  ~TempDir()
  {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return m_path; }
  std::filesystem::path file(const std::string& name) const { return m_path / name; }

  // Writes `content` to the file `name` in the directory and returns its path.
  std::filesystem::path write(const std::string& name, const std::string& content) const
  {
    const std::filesystem::path path = file(name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
  }

private:
  static std::atomic<int>& next_id()
  {
    static std::atomic<int> id{0};
    return id;
  }

  std::filesystem::path m_path;
};

}  // namespace infertrack::test
