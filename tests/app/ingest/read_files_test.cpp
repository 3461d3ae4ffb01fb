// read_files reads every file of a directory into a zero-padded buffer and parses it in place with one JSON
// parser for all of them: the points and refusals must be those of reading each file on its own.
#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/ingest/input_files.hpp"
#include "infertrack/formats/input_format.hpp"
#include "formats/test_files.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <zip.h>

#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace infertrack::app {
namespace {

using formats::test::read_runner_file;
using formats::test::read_source_file;

const std::string k_gb200_trt = "agg_dsv4_8k1k_gb200_dynamo-trt_fp4_p8d8_conc128.json";
const std::string k_mi355x = "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json";
const std::string k_agentic = "agg_dsv4_agentic_gb200_dynamo-vllm_fp4_p8d8_conc64.json";

// What read_files makes of one file's `content`, read on its own with a copying parse and a parser of its own.
domain::Dataset
read_alone(const std::string& content, const std::string& name)
{
  auto dataset = formats::read_input(content, name);
  EXPECT_TRUE(dataset) << dataset.error().to_string();
  if (!dataset) {
    return {};
  }
  prepare_dataset(*dataset);
  return std::move(*dataset);
}

TEST(read_files, reads_a_directory_of_alternating_shapes_as_each_file_alone)
{
  const test::TempDir dir;
  // Path order: a runner object, a snapshot, a runner array, API rows, a CSV, a large runner array, a small
  // runner object again (the parser's buffers were sized for the large one).
  const std::string big_array = "[" + read_runner_file(k_gb200_trt) + "," + read_runner_file(k_mi355x) + "]";
  const std::vector<std::pair<std::string, std::string>> files = {
    {"a.json", read_runner_file(k_agentic)},
    {"b.json", read_source_file("data/deepseek-v4-gb200-snapshot.json")},
    {"c.json", "[" + read_runner_file(k_mi355x) + "]"},
    {"d.json", read_source_file("tests/cases/inferencex/benchmarks-dsr1-latest.json")},
    {"e.csv", read_source_file("data/mi355x-dsv4-pro-published.csv")},
    {"f.json", big_array},
    {"g.json", read_runner_file(k_gb200_trt)},
  };
  for (const auto& [name, content] : files) {
    dir.write(name, content);
  }
  const std::filesystem::path paths[] = {dir.path()};
  const auto datasets = read_files(paths);
  ASSERT_TRUE(datasets) << datasets.error().to_string();
  ASSERT_EQ(datasets->size(), files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string name = dir.file(files[i].first).string();
    const domain::Dataset alone = read_alone(files[i].second, name);
    EXPECT_EQ((*datasets)[i].source, name);
    EXPECT_GT((*datasets)[i].points.size(), 0u) << name;
    EXPECT_EQ((*datasets)[i].points, alone.points) << name;
    EXPECT_EQ((*datasets)[i].findings.size(), alone.findings.size()) << name;
  }
}

// A file of several megabytes is mapped rather than copied (input_files.cpp): read as the same text.
TEST(read_files, reads_a_large_file_as_a_small_one)
{
  const test::TempDir dir;
  const std::string row = read_runner_file(k_gb200_trt);
  std::string array = "[" + read_runner_file(k_mi355x);
  while (array.size() < 6u * 1024u * 1024u) {
    array += "," + row; // the same record again is kept once
  }
  array += "]";
  const std::filesystem::path paths[] = {dir.write("big.json", array)};
  const auto datasets = read_files(paths);
  ASSERT_TRUE(datasets) << datasets.error().to_string();
  ASSERT_EQ(datasets->size(), 1u);
  EXPECT_EQ(datasets->front().points.size(), 2u);
  EXPECT_EQ(datasets->front().points, read_alone(array, paths[0].string()).points);
}

TEST(read_files, reports_a_file_cut_mid_row_after_good_ones_as_truncated)
{
  const test::TempDir dir;
  dir.write("a.json", read_runner_file(k_agentic));
  const std::string array = "[" + read_runner_file(k_gb200_trt) + "," + read_runner_file(k_mi355x) + "]";
  // After a comma inside the second row, between two of its values.
  const std::string cut = array.substr(0, array.find(',', array.size() * 3 / 4) + 1);
  dir.write("b.json", cut);
  const std::filesystem::path paths[] = {dir.path()};
  const auto datasets = read_files(paths);
  ASSERT_FALSE(datasets);
  const auto alone = formats::read_input(cut, dir.file("b.json").string());
  ASSERT_FALSE(alone);
  EXPECT_EQ(datasets.error().to_string(), alone.error().to_string());
  EXPECT_EQ(datasets.error().to_string(),
            dir.file("b.json").string()
              + ":rows[1]:p90_ttft: truncated JSON (got the end of the input inside an object or array, expected its "
                "closing bracket)");
}

TEST(read_files, reads_a_zip_archive_entry_by_entry_as_its_directory)
{
  const std::filesystem::path cases = std::filesystem::path(INFERTRACK_SOURCE_DIR) / "tests/cases/runner";
  const std::filesystem::path zip[] = {cases / "dsv4-runs.zip"};
  const std::filesystem::path directory[] = {cases / "dsv4-runs"};
  const auto zipped = read_files(zip);
  const auto listed = read_files(directory);
  ASSERT_TRUE(zipped) << zipped.error().to_string();
  ASSERT_TRUE(listed) << listed.error().to_string();
  ASSERT_EQ(zipped->size(), listed->size());
  for (std::size_t i = 0; i < zipped->size(); ++i) {
    EXPECT_EQ((*zipped)[i].points, (*listed)[i].points) << (*zipped)[i].source;
  }
}

// A link to a directory is followed (each directory listed once, so a link back up does not loop), and a link to
// nothing is refused rather than passed over.
TEST(read_files, follows_links_to_directories_and_refuses_links_to_nothing)
{
  const test::TempDir dir;
  const std::filesystem::path runs = std::filesystem::path(INFERTRACK_SOURCE_DIR) / "tests/cases/runner/dsv4-runs";
  const std::filesystem::path linked = dir.file("linked");
  std::filesystem::create_directories(linked);
  std::filesystem::create_directory_symlink(runs, linked / "runs");
  std::filesystem::create_directory_symlink("..", linked / "up");
  std::filesystem::create_directory_symlink(linked, linked / "self");
  const std::filesystem::path through_links[] = {linked};
  const std::filesystem::path directly[] = {runs};
  const auto read = read_files(through_links);
  const auto expected = read_files(directly);
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_TRUE(expected) << expected.error().to_string();
  ASSERT_EQ(read->size(), expected->size());
  for (std::size_t i = 0; i < read->size(); ++i) {
    EXPECT_EQ((*read)[i].points, (*expected)[i].points);
  }

  std::filesystem::create_symlink(dir.file("nowhere.json"), linked / "agg_gone.json");
  const auto refused = read_files(through_links);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().file, (linked / "agg_gone.json").string());
  EXPECT_NE(refused.error().message.find("a link to nothing"), std::string::npos) << refused.error().to_string();
}

// An archive's sizes are claims: one that says its entry inflates to 2^64 - 1 bytes is read for what it holds.
TEST(read_files, reads_a_zip_entry_whatever_size_it_claims)
{
  const std::filesystem::path zip[] = {std::filesystem::path(INFERTRACK_SOURCE_DIR) / "tests/cases/zip/size_claim_2_64.zip"};
  const auto read = read_files(zip);
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ((*read)[0].points, read_alone(read_runner_file(k_gb200_trt), "agg.json").points);
}

// A zip bomb: an entry of a runner row behind 100 MB of blanks inflates about a thousand times, and is refused
// before it is read whole.
TEST(read_files, refuses_a_zip_entry_that_inflates_like_a_bomb)
{
  const test::TempDir dir;
  const std::filesystem::path path = dir.file("bomb.zip");
  const std::string content = std::string(100 * 1024 * 1024, ' ') + read_runner_file(k_gb200_trt);
  int error = 0;
  zip_t* archive = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  ASSERT_NE(archive, nullptr) << error;
  zip_source_t* source = zip_source_buffer(archive, content.data(), content.size(), 0);
  ASSERT_NE(source, nullptr);
  ASSERT_GE(zip_file_add(archive, "agg_bomb.json", source, ZIP_FL_ENC_UTF_8), 0);
  ASSERT_EQ(zip_close(archive), 0);
  ASSERT_LT(std::filesystem::file_size(path), 1024 * 1024u);

  const std::filesystem::path inputs[] = {path};
  const auto read = read_files(inputs);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().file, path.string() + "/agg_bomb.json");
  EXPECT_NE(read.error().message.find("refused as a zip bomb"), std::string::npos) << read.error().to_string();
}

// A pipe has no size to read up to: it is read in chunks until its writer closes it, here over several chunks.
TEST(read_files, reads_a_named_pipe_whole)
{
  const test::TempDir dir;
  const std::filesystem::path pipe = dir.file("rows.json");
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  const std::string rows = read_source_file("tests/cases/inferencex/benchmarks-dsr1-latest.json");
  ASSERT_GT(rows.size(), 256u * 1024u);
  std::thread writer([&] { std::ofstream(pipe, std::ios::binary) << rows; });
  const std::filesystem::path paths[] = {pipe};
  const auto datasets = read_files(paths);
  writer.join();
  ASSERT_TRUE(datasets) << datasets.error().to_string();
  ASSERT_EQ(datasets->size(), 1u);
  EXPECT_EQ(datasets->front().points, read_alone(rows, pipe.string()).points);
}

// A pipe has no size to check first, and all of it is held: past the bound it is refused, with the bound named.
TEST(read_files, refuses_a_pipe_that_brings_more_than_the_bound)
{
  const test::TempDir dir;
  const std::filesystem::path pipe = dir.file("endless.json");
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  const std::string rows = read_source_file("tests/cases/inferencex/benchmarks-dsr1-latest.json");
  std::thread writer([&] { std::ofstream(pipe, std::ios::binary) << rows; });
  std::size_t files = 0;
  const util::Result<void> read = for_each_input_file(
    pipe, [&](InputFile&) -> util::Result<void> { ++files; return {}; }, rows.size() - 1);
  writer.join();
  ASSERT_FALSE(read);
  EXPECT_EQ(files, 0u);
  EXPECT_EQ(read.error().to_string(),
            pipe.string() + ": more than " + std::to_string(rows.size() - 1)
              + " bytes arrived through a pipe, the most that is held in memory: save the input to a file and "
                "ingest the file");
  std::thread again([&] { std::ofstream(pipe, std::ios::binary) << rows; });
  EXPECT_TRUE(for_each_input_file(pipe, [&](InputFile&) -> util::Result<void> { ++files; return {}; }, rows.size()));
  again.join();
  EXPECT_EQ(files, 1u);
}

// No text input holds a NUL byte: a pipe of them is refused at its first chunk, not after filling memory to the bound,
// while a zip archive (whose bytes hold many) still comes through a pipe.
TEST(read_files, refuses_a_pipe_of_nul_bytes_at_once_but_reads_a_zip_through_one)
{
  const test::TempDir dir;
  const std::filesystem::path pipe = dir.file("zeros");
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  // Less than a pipe's buffer: the writer is done before the reader stops reading (no SIGPIPE for the test).
  const std::string zeros(32 * 1024, '\0');
  std::thread writer([&] { std::ofstream(pipe, std::ios::binary) << zeros; });
  const std::filesystem::path paths[] = {pipe};
  const auto refused = read_files(paths);
  writer.join();
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().to_string(),
            pipe.string() + ": not text (got a NUL byte, expected JSON, CSV or a zip archive)");

  const std::string archive = read_source_file("tests/cases/runner/dsv4-runs.zip");
  std::thread zip_writer([&] { std::ofstream(pipe, std::ios::binary) << archive; });
  const auto read = read_files(paths);
  zip_writer.join();
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_GT(read->size(), 1u);
}

// A device such as /dev/zero never ends: it is refused before it is read, not read until memory runs out.
TEST(read_files, refuses_a_device)
{
  const std::filesystem::path paths[] = {"/dev/zero"};
  const auto datasets = read_files(paths);
  ASSERT_FALSE(datasets);
  EXPECT_EQ(datasets.error().to_string(),
            "/dev/zero: cannot read the file (got a device, expected a file, a directory or a pipe)");
}

TEST(read_files, names_a_file_it_cannot_open)
{
  const test::TempDir dir;
  const std::filesystem::path paths[] = {dir.file("absent.json")};
  const auto datasets = read_files(paths);
  ASSERT_FALSE(datasets);
  EXPECT_EQ(datasets.error().to_string(),
            dir.file("absent.json").string() + ": cannot open the file (No such file or directory)");
}

}  // namespace
}  // namespace infertrack::app
