// The JSON readers parse a text followed by zeros in place (formats::InputPadding::zeroed) and may share one
// parser across inputs: neither may change what they read or how they refuse it.
#include "infertrack/formats/input_format.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/formats/padded_text.hpp"

#include "formats/test_files.hpp"
#include "support/temp_dir.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace infertrack::formats {
namespace {

constexpr std::string_view k_runs = "tests/cases/runner/dsv4-runs/";
const std::vector<std::string> k_runner_files = {
  "agg_dsv4_8k1k_gb200_dynamo-trt_fp4_p8d8_conc128.json",
  "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json",
  "agg_dsv4_agentic_gb200_dynamo-vllm_fp4_p8d8_conc64.json",
};

std::string
runner_file(std::size_t i)
{
  return test::read_source_file(std::string(k_runs) + k_runner_files[i]);
}

// The runner's collected array of all three rows.
std::string
runner_array()
{
  return "[" + runner_file(0) + "," + runner_file(1) + "," + runner_file(2) + "]";
}

// Inputs of every JSON shape, and a CSV between them: a parser shared by all of them must not carry anything
// from one to the next.
std::vector<std::string>
inputs_of_alternating_shapes()
{
  return {
    runner_file(0),
    test::read_source_file("data/deepseek-v4-gb200-snapshot.json"),
    runner_array(),
    test::read_source_file("tests/cases/inferencex/benchmarks-dsr1-latest.json"),
    runner_file(1),
    test::read_source_file("data/mi355x-dsv4-pro-published.csv"),
    "\xEF\xBB\xBF" + runner_file(2),
    runner_array(),
  };
}

PaddedText
padded(std::string_view text)
{
  PaddedText buffer;
  buffer.append(text);
  return buffer;
}

// Whether the k_input_padding bytes after `text` are zeros, as InputPadding::zeroed promises.
bool
zeros_follow(std::string_view text)
{
  for (std::size_t i = 0; i < k_input_padding; ++i) {
    if (text.data()[text.size() + i] != '\0') {
      return false;
    }
  }
  return true;
}

TEST(PaddedText, keeps_zeros_after_the_text_as_it_grows)
{
  PaddedText text;
  EXPECT_EQ(text.text(), "");
  EXPECT_TRUE(zeros_follow(text.text()));
  text.append("{\"hw\":");
  EXPECT_EQ(text.text(), "{\"hw\":");
  EXPECT_TRUE(zeros_follow(text.text()));
  text.reserve(1000);
  const std::size_t wrote = text.append_in_place(100, [](char* at, std::size_t count) {
    std::string(count, 'x').copy(at, count);
    return std::size_t{3};  // a short read: the rest of the room is not text
  });
  EXPECT_EQ(wrote, 3u);
  EXPECT_EQ(text.text(), "{\"hw\":xxx");
  EXPECT_TRUE(zeros_follow(text.text()));
  const std::string long_tail(5000, 'y');  // beyond the reserved room: the buffer moves
  text.append(long_tail);
  EXPECT_EQ(text.text(), "{\"hw\":xxx" + long_tail);
  EXPECT_TRUE(zeros_follow(text.text()));
}

// Mapped files end at every kind of place in a page: where the padding fits in the file's last page, where
// it spills into the zero pages after it, and on a page boundary; an empty file has the padding alone.
TEST(PaddedText, maps_a_file_with_zeros_after_it_wherever_it_ends_in_a_page)
{
  const infertrack::test::TempDir dir;
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  for (const std::size_t size : {std::size_t{0}, std::size_t{1}, page - k_input_padding - 1, page - k_input_padding,
                                 page - 1, page, page + 1, 3 * page + 17}) {
    std::string content(size, 'a');
    if (size > 0) {
      content.back() = 'z';
    }
    const std::filesystem::path path = dir.write("mapped.json", content);
    const int fd = ::open(path.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    std::optional<PaddedText> mapped = PaddedText::map_file(fd, size);
    ::close(fd);  // the mapping outlives the descriptor
    ASSERT_TRUE(mapped) << size;
    // A writer appending to the file afterwards changes neither the text nor the zeros after it.
    std::ofstream(path, std::ios::binary | std::ios::app) << "appended";
    PaddedText moved = std::move(*mapped);
    EXPECT_EQ(mapped->text(), "");
    EXPECT_EQ(moved.text(), content) << size;
    EXPECT_TRUE(zeros_follow(moved.text())) << size;
    // What a file that grew after it was mapped gains is appended: the text leaves the mapping.
    moved.append("tail");
    EXPECT_EQ(moved.text(), content + "tail") << size;
    EXPECT_TRUE(zeros_follow(moved.text())) << size;
  }
}

TEST(PaddedText, refuses_to_map_more_than_the_file_holds_and_moves_over_a_mapped_text)
{
  const infertrack::test::TempDir dir;
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::string content(2 * page + 5, 'b');
  const std::filesystem::path path = dir.write("short.json", content);
  const int fd = ::open(path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  EXPECT_FALSE(PaddedText::map_file(fd, content.size() + 10));  // the file shrank since its size was taken
  std::optional<PaddedText> mapped = PaddedText::map_file(fd, content.size());
  ::close(fd);
  ASSERT_TRUE(mapped);
  *mapped = padded("{}");  // the mapping is released, the copy taken over
  EXPECT_EQ(mapped->text(), "{}");
  EXPECT_TRUE(zeros_follow(mapped->text()));
}

TEST(read_input, reads_a_zero_padded_text_in_place_as_it_reads_a_copy)
{
  JsonParser parser;
  for (const std::string& input : inputs_of_alternating_shapes()) {
    const auto copied = read_input(input, "in.json");
    ASSERT_TRUE(copied) << copied.error().to_string();
    const PaddedText text = padded(input);
    const auto in_place = read_input(text.text(), "in.json", {}, {InputPadding::zeroed, &parser});
    ASSERT_TRUE(in_place) << in_place.error().to_string();
    EXPECT_GT(in_place->points.size(), 0u);
    EXPECT_EQ(in_place->points, copied->points);
    EXPECT_EQ(in_place->findings.size(), copied->findings.size());
  }
}

TEST(read_input, reports_a_text_cut_mid_row_as_truncated_when_read_in_place)
{
  const std::string rows = test::read_source_file("tests/cases/inferencex/benchmarks-dsr1-latest.json");
  const std::string snapshot = test::read_source_file("data/deepseek-v4-gb200-snapshot.json");
  JsonParser parser;
  for (const std::string& whole : {runner_array(), runner_file(2), rows, snapshot}) {
    // Cut after a comma halfway: inside a row, between two of its values (a cut number would read as malformed).
    const std::string cut = whole.substr(0, whole.find(',', whole.size() / 2) + 1);
    const auto copied = read_input(cut, "cut.json");
    ASSERT_FALSE(copied);
    EXPECT_NE(copied.error().message.find("truncated JSON"), std::string::npos) << copied.error().to_string();
    // Bytes after the cut text in memory must not be taken for its continuation: the zeros end it.
    PaddedText text = padded(cut);
    const auto in_place = read_input(text.text(), "cut.json", {}, {InputPadding::zeroed, &parser});
    ASSERT_FALSE(in_place);
    EXPECT_EQ(in_place.error().to_string(), copied.error().to_string());
  }
}

TEST(read_input, reads_a_whole_text_after_a_failed_one_with_the_same_parser)
{
  JsonParser parser;
  const std::string whole = runner_array();
  const PaddedText cut = padded(std::string_view(whole).substr(0, whole.size() - 10));
  ASSERT_FALSE(read_input(cut.text(), "cut.json", {}, {InputPadding::zeroed, &parser}));
  const PaddedText text = padded(whole);
  const auto again = read_input(text.text(), "whole.json", {}, {InputPadding::zeroed, &parser});
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(again->points.size(), 3u);
}

}  // namespace
}  // namespace infertrack::formats
