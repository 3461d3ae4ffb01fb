#include "infertrack/util/atomic_file.hpp"

#include "support/temp_dir.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace infertrack::util {
namespace {

using testing::HasSubstr;

std::string
read(const std::filesystem::path& path)
{
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::size_t
entries(const std::filesystem::path& dir)
{
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
}

TEST(write_file_atomically, writes_and_replaces_the_whole_file)
{
  test::TempDir dir;
  const auto path = dir.file("export.csv");
  ASSERT_TRUE(write_file_atomically(path, "first\n"));
  EXPECT_EQ(read(path), "first\n");
  ASSERT_TRUE(write_file_atomically(path, "second, longer\n"));
  EXPECT_EQ(read(path), "second, longer\n");
  EXPECT_EQ(entries(dir.path()), 1u);
}

TEST(write_file_atomically, a_failure_names_the_path_and_leaves_nothing_behind)
{
  test::TempDir dir;
  const auto missing = dir.file("no-folder") / "export.csv";
  const auto refused = write_file_atomically(missing, "text");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().file, missing.string());
  EXPECT_THAT(refused.error().message, HasSubstr("cannot write the file: No such file or directory"));

  // The rename onto a directory fails after the temporary file was written: it is removed, the directory kept.
  std::filesystem::create_directory(dir.file("taken"));
  const auto over_directory = write_file_atomically(dir.file("taken"), "text");
  ASSERT_FALSE(over_directory);
  EXPECT_EQ(entries(dir.path()), 1u);
  EXPECT_TRUE(std::filesystem::is_directory(dir.file("taken")));
}

}  // namespace
}  // namespace infertrack::util
