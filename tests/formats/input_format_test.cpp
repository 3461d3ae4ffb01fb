#include "infertrack/formats/input_format.hpp"

#include "formats/test_files.hpp"
#include "infertrack/formats/points_csv.hpp"
#include "infertrack/formats/snapshot_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace infertrack::formats {
namespace {

constexpr std::string_view k_cases_dir = "tests/cases/formats";

TEST(detect_format, recognises_the_shipped_files)
{
  EXPECT_EQ(detect_format(test::read_source_file("data/deepseek-v4-gb200-snapshot.json")), InputFormat::snapshot);
  EXPECT_EQ(detect_format(test::read_source_file("data/mi355x-dsv4-pro-published.csv")), InputFormat::points_csv);
}

TEST(detect_format, looks_at_the_top_level_only)
{
  EXPECT_EQ(detect_format(" \xEF\xBB\xBF{\"points\": []}"), std::nullopt);  // a BOM only counts first
  EXPECT_EQ(detect_format("\xEF\xBB\xBF {\"a\": {\"points\": [1]}, \"points\" : [ ]}"), InputFormat::snapshot);
  EXPECT_EQ(detect_format("{\"a\": {\"points\": [1]}}"), std::nullopt);
  EXPECT_EQ(detect_format("{\"x\": \"\\\"points\\\": [\", \"points\": {}}"), std::nullopt);
  // A quote after an even number of backslashes closes its string, after an odd number it is part of it.
  EXPECT_EQ(detect_format("{\"a\\\\\": 1, \"points\": []}"), InputFormat::snapshot);
  EXPECT_EQ(detect_format("{\"a\\\\\\\"points\\\": [\": 1}"), std::nullopt);
  EXPECT_EQ(detect_format("[{\"points\": []}]"), std::nullopt);
  EXPECT_EQ(detect_format("model,hardware\n"), std::nullopt);
  EXPECT_EQ(detect_format(""), std::nullopt);
}

// The order of the checks matters: an object with a runner's "hw" and "conc" and a top-level "points" array is a
// snapshot (whose reader then refuses "hw"), so the runner check cannot come first and skip the snapshot's scan.
TEST(detect_format, takes_an_object_with_runner_members_and_points_for_a_snapshot)
{
  EXPECT_EQ(detect_format("{\"hw\": \"h100\", \"conc\": 4, \"points\": []}"), InputFormat::snapshot);
  EXPECT_EQ(detect_format("{\"hw\": \"h100\", \"conc\": 4, \"points\": {}}"), InputFormat::inferencex_runner_rows);
  const auto read = read_input("{\"hw\": \"h100\", \"conc\": 4, \"points\": []}", "in.json");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().record, "snapshot");
  EXPECT_EQ(read.error().field, "hw");
}

TEST(detect_format, finds_a_points_csv_header_below_comment_lines)
{
  const std::string csv = test::read_source_file("data/mi355x-dsv4-pro-published.csv");
  EXPECT_EQ(detect_format("# infertrack export: points\n# as_of: latest\n" + csv), InputFormat::points_csv);
  EXPECT_EQ(detect_format("# a comment and nothing else\n"), std::nullopt);
}

TEST(read_input, sets_the_source_on_the_dataset_and_the_diagnostic)
{
  const auto read = read_input(test::read_source_file("data/mi355x-dsv4-pro-published.csv"), "bundled:mi355x");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->source, "bundled:mi355x");
  const auto bad = read_input("{\"points\": [1]}", "in.json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().file, "in.json");
  EXPECT_EQ(bad.error().to_string(), "in.json:points[0]: wrong type (got the number 1, expected a point object)");
}

TEST(to_string, names_each_format)
{
  EXPECT_STREQ(to_string(InputFormat::snapshot), "snapshot");
  EXPECT_STREQ(to_string(InputFormat::points_csv), "points_csv");
}

// A case file: header lines ("# comment", "expect-error: <exact diagnostic>", "expect-points: <count>",
// "expect-evals: <count>", "format: <detected format or none>", "reader: snapshot|points_csv" to bypass detection), a line "----", then
// the input bytes verbatim. The diagnostic's file is the case file name.
struct CaseFile
{
  std::string name;
  std::string expect_error;
  std::optional<std::size_t> expect_points;
  std::optional<std::size_t> expect_evals;
  std::string format;
  std::string reader;
  std::string input;
};

CaseFile
parse_case(const std::string& name)
{
  const std::string text = test::read_source_file(std::string(k_cases_dir) + "/" + name);
  CaseFile parsed{name, {}, {}, {}, {}, {}, {}};
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) {
      end = text.size();
    }
    const std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line == "----") {
      parsed.input = pos <= text.size() ? text.substr(pos) : "";
      return parsed;
    }
    const auto value = [&](std::string_view key) { return line.substr(key.size()); };
    if (line.starts_with("expect-error: ")) {
      parsed.expect_error = value("expect-error: ");
    } else if (line.starts_with("expect-points: ")) {
      parsed.expect_points = std::stoul(value("expect-points: "));
    } else if (line.starts_with("expect-evals: ")) {
      parsed.expect_evals = std::stoul(value("expect-evals: "));
    } else if (line.starts_with("format: ")) {
      parsed.format = value("format: ");
    } else if (line.starts_with("reader: ")) {
      parsed.reader = value("reader: ");
    } else if (!line.starts_with("#") && !line.empty()) {
      ADD_FAILURE() << name << ": unknown header line " << line;
    }
  }
  ADD_FAILURE() << name << ": no ---- line before the input";
  return parsed;
}

std::vector<std::string>
case_names()
{
  std::vector<std::string> names;
  const std::filesystem::path dir = std::filesystem::path(INFERTRACK_SOURCE_DIR) / k_cases_dir;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".case") {
      names.push_back(entry.path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

class FormatCase : public testing::TestWithParam<std::string>
{};

TEST_P(FormatCase, read_input_gives_the_expected_result)
{
  const CaseFile c = parse_case(GetParam());
  ASSERT_TRUE(!c.expect_error.empty() || c.expect_points || c.expect_evals) << c.name << ": no expectation";
  if (!c.format.empty()) {
    const auto format = detect_format(c.input);
    EXPECT_EQ(format ? to_string(*format) : "none", c.format);
  }
  auto read = c.reader.empty()         ? read_input(c.input, c.name)
              : c.reader == "snapshot" ? read_snapshot(c.input)
                                       : read_points_csv(c.input);
  if (!c.reader.empty() && !read) {
    read.error().file = c.name;
  }
  if (!c.expect_error.empty()) {
    ASSERT_FALSE(read) << "read " << read->points.size() << " points";
    EXPECT_EQ(read.error().to_string(), c.expect_error);
  } else {
    ASSERT_TRUE(read) << read.error().to_string();
    EXPECT_EQ(read->points.size(), c.expect_points.value_or(0));
    EXPECT_EQ(read->evals.size(), c.expect_evals.value_or(0));
    // Every CSV that reads must survive an export: written and read again, the same points.
    if (detect_format(c.input) == InputFormat::points_csv) {
      const auto again = read_points_csv(write_points_csv(read->points));
      ASSERT_TRUE(again) << again.error().to_string();
      EXPECT_EQ(again->points, read->points);
    }
  }
}

std::string
test_name(const testing::TestParamInfo<std::string>& info)
{
  std::string name = info.param.substr(0, info.param.rfind('.'));
  std::replace_if(
    name.begin(), name.end(), [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); }, '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(cases, FormatCase, testing::ValuesIn(case_names()), test_name);

}  // namespace
}  // namespace infertrack::formats
