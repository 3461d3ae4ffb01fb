// End to end: the real binary ingests InferenceX runner results (agg_*.json) as a file, a directory and a zip
// archive, all or nothing and idempotently.
#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;

// Illustrative rows in the runner's shapes (tests/cases/runner/README.md).
const std::filesystem::path k_cases = std::filesystem::path(INFERTRACK_SOURCE_DIR) / "tests/cases/runner";
const std::filesystem::path k_runs = k_cases / "dsv4-runs";
const std::string k_one_node = (k_runs / "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json").string();
constexpr std::size_t k_runs_files = 3;
constexpr std::size_t k_bundled_points = 40;  // loaded into every new database
constexpr int k_exit_bad_data = 3;

std::string
read_text(const std::filesystem::path& path)
{
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class InferencexRunnerIngest : public CliDatabaseTest
{
protected:
  std::size_t point_count()
  {
    std::vector<std::string> args{"points", "--json", "--db", db};
    const CliResult result = run_cli(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.exit_code == 0 ? json::parse(result.out).size() : 0;
  }

  // A copy of the good runs with one more file, `name`, holding `content`.
  std::filesystem::path runs_with(const std::string& name, const std::string& content)
  {
    const std::filesystem::path copy = dir.file("runs");
    std::filesystem::create_directories(copy);
    for (const auto& entry : std::filesystem::directory_iterator(k_runs)) {
      std::filesystem::copy_file(entry.path(), copy / entry.path().filename());
    }
    std::ofstream(copy / name, std::ios::binary) << content;
    return copy;
  }

  // Runs a refused ingest and checks that it names the problem and stored nothing.
  void expect_refused(const std::filesystem::path& input, const std::string& message)
  {
    const std::size_t before = point_count();
    const CliResult result = run({"ingest", input.string()});
    EXPECT_EQ(result.exit_code, k_exit_bad_data) << result.err;
    EXPECT_THAT(result.err, HasSubstr(message));
    EXPECT_EQ(point_count(), before);
  }
};

TEST_F(InferencexRunnerIngest, stores_one_file_once)
{
  const json first = run_json({"ingest", k_one_node});
  EXPECT_EQ(first["files"], 1);
  EXPECT_EQ(first["points_added"], 1);
  EXPECT_EQ(first["findings_added"], 0);
  const json again = run_json({"ingest", k_one_node});
  EXPECT_EQ(again["points_added"], 0);
  EXPECT_EQ(again["points_unchanged"], 1);
  EXPECT_EQ(point_count(), k_bundled_points + 1);
  const json points = run_json({"points", "--model", "dsv4", "--hardware", "mi355x-amds", "--date", "2026-07-15"});
  ASSERT_EQ(points.size(), 1u);  // names are canonicalised in filters as in files
  EXPECT_EQ(points[0]["hardware"], "mi355x");
  EXPECT_EQ(points[0]["tps_per_gpu"]["total"].get<double>(), 2000.0);
}

TEST_F(InferencexRunnerIngest, stores_a_directory_and_its_zip_as_the_same_points)
{
  const json first = run_json({"ingest", k_runs.string()});
  EXPECT_EQ(first["files"], k_runs_files);
  EXPECT_EQ(first["points_added"], k_runs_files);
  const json zipped = run_json({"ingest", (k_cases / "dsv4-runs.zip").string()});
  EXPECT_EQ(zipped["files"], k_runs_files);
  EXPECT_EQ(zipped["points_added"], 0);
  EXPECT_EQ(zipped["points_unchanged"], k_runs_files);
  EXPECT_EQ(point_count(), k_bundled_points + k_runs_files);

  // Each point shows the basis its per-GPU values were divided on.
  std::map<std::string, std::string> bases;
  for (const json& point : run_json({"points", "--model", "DeepSeek-V4-Pro", "--date", "2026-07-15"})) {
    bases[point["workload"].get<std::string>() + " " + point["hardware"].get<std::string>()] = point["per_gpu_basis"];
  }
  EXPECT_EQ(bases,
            (std::map<std::string, std::string>{{"8192/1024 gb200", "role_local"},
                                                {"8192/1024 mi355x", "all_allocated"},
                                                {"agentic gb200", "all_allocated"}}));
}

TEST_F(InferencexRunnerIngest, stores_a_zip_once)
{
  const std::string zip = (k_cases / "dsv4-runs.zip").string();
  EXPECT_EQ(run_json({"ingest", zip})["points_added"], k_runs_files);
  const json again = run_json({"ingest", zip});
  EXPECT_EQ(again["points_added"], 0);
  EXPECT_EQ(again["points_unchanged"], k_runs_files);
}

TEST_F(InferencexRunnerIngest, refuses_a_zip_with_a_file_that_is_not_a_runner_row)
{
  expect_refused(k_cases / "dsv4-runs-with-notes.zip",
                 "dsv4-runs-with-notes.zip/README.txt: unknown input format (got a first line \"Runs of 2026-07-15, "
                 "copied from the workflow artifacts.\" that is not a points CSV header");
}

TEST_F(InferencexRunnerIngest, refuses_a_whole_directory_for_one_bad_file)
{
  std::string bad = read_text(k_one_node);
  bad.replace(bad.find("\"conc\": 64"), 10, "\"conc\": 32");
  bad.replace(bad.find("\"output_tput_per_gpu\": 200.0"), 28, "\"output_tput_per_gpu\": -200.0");
  const auto runs = runs_with("agg_zz_conc32.json", bad);
  expect_refused(runs,
                 (runs / "agg_zz_conc32.json").string()
                   + ":row:output_tput_per_gpu: must not be negative (got -200.0, expected a number >= 0)");
}

TEST_F(InferencexRunnerIngest, refuses_a_directory_with_broken_json)
{
  // Cut inside a string: broken before any record, so the message names the file only.
  const auto runs = runs_with("agg_aa_cut.json", read_text(k_one_node).substr(0, 200));
  expect_refused(runs,
                 (runs / "agg_aa_cut.json").string()
                   + ": truncated JSON (got an unclosed string, expected a closing quote)");
}

TEST_F(InferencexRunnerIngest, refuses_a_row_without_a_required_field)
{
  std::string row = read_text(k_one_node);
  row.replace(row.find("\"date\": \"2026-07-15\","), 21, "");
  expect_refused(dir.write("agg_no_date.json", row), "agg_no_date.json:row:date: missing required field");
}

// The one-node row as the runner writes it: no date, no run URL.
std::string
dateless_row()
{
  std::string row = read_text(k_one_node);
  row.replace(row.find("\"date\": \"2026-07-15\","), 21, "");
  row.replace(row.find("\"run_url\""), row.rfind('"') - row.find("\"run_url\"") + 1, "\"other\": 1");
  return row;
}

TEST_F(InferencexRunnerIngest, dates_dateless_rows_with_the_date_flag)
{
  const auto file = dir.write("agg_dateless.json", dateless_row());
  const std::string url = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/1000000001/attempts/1";
  const json summary = run_json({"ingest", "--date", "2026-07-15", "--run-url", url, file.string()});
  EXPECT_EQ(summary["points_added"], 1);
  const json points = run_json({"points", "--hardware", "mi355x", "--date", "2026-07-15"});
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0]["run_url"], url);
  // The same point as the row that carries that date and URL itself.
  const json again = run_json({"ingest", k_one_node});
  EXPECT_EQ(again["points_added"], 0);
  EXPECT_EQ(again["points_unchanged"], 1);
}

TEST_F(InferencexRunnerIngest, keeps_a_rows_own_date_over_the_date_flag)
{
  const json summary = run_json({"ingest", "--date", "2026-08-01", k_one_node});
  EXPECT_EQ(summary["points_added"], 1);
  EXPECT_EQ(run_json({"points", "--hardware", "mi355x", "--date", "2026-07-15"}).size(), 1u);
  EXPECT_TRUE(run_json({"points", "--date", "2026-08-01"}).empty());
}

TEST_F(InferencexRunnerIngest, the_date_flag_leaves_other_formats_alone)
{
  const auto csv = dir.write("points.csv",
                             "result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                             "tput_per_gpu,interactivity,interactivity_basis\n"
                             "csv-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot\n");
  EXPECT_EQ(run_json({"ingest", "--date", "2026-08-01", "--run-url", "https://example.invalid/1", csv.string()})
              ["points_added"],
            1);
  const json point = run_json({"points", "show", "csv-1"});
  EXPECT_EQ(point["date"], "2026-06-01");
  EXPECT_FALSE(point.contains("run_url") && !point["run_url"].is_null()) << point.dump();
}

TEST_F(InferencexRunnerIngest, refuses_a_malformed_date_flag)
{
  const auto file = dir.write("agg_dateless.json", dateless_row());
  const std::size_t before = point_count();
  const CliResult result = run({"ingest", "--date", "2026-13-01", file.string()});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_THAT(result.err, HasSubstr("--date: not a date (got \"2026-13-01\", expected YYYY-MM-DD)"));
  EXPECT_THAT(run({"ingest", "--date", "0000-01-01", file.string()}).err,
              HasSubstr("--date: a date out of range (got \"0000-01-01\", expected a date from 2000-01-01 to 2099-12-31)"));
  const CliResult blank_url = run({"ingest", "--date", "2026-07-15", "--run-url", " ", file.string()});
  EXPECT_EQ(blank_url.exit_code, 2) << blank_url.err;
  EXPECT_THAT(blank_url.err, HasSubstr("--run-url: expected the URL of the run (got an empty value)"));
  EXPECT_EQ(point_count(), before);
}

TEST_F(InferencexRunnerIngest, refuses_a_dateless_row_without_the_date_flag_and_says_how_to_date_it)
{
  expect_refused(dir.write("agg_dateless.json", dateless_row()),
                 "agg_dateless.json:row:date: missing required field (got nothing, expected a date YYYY-MM-DD; the "
                 "runner writes none: give the run's date with ingest --date YYYY-MM-DD or add it to the row)");
}

TEST_F(InferencexRunnerIngest, refuses_a_field_of_the_wrong_type)
{
  std::string row = read_text(k_one_node);
  row.replace(row.find("\"tp\": 8"), 7, "\"tp\": \"8\"");
  expect_refused(dir.write("agg_tp_text.json", row),
                 "agg_tp_text.json:row:tp: wrong type (got the string \"8\", expected an integer > 0)");
}

TEST_F(InferencexRunnerIngest, refuses_a_cut_or_empty_zip_archive_and_what_came_with_it)
{
  // A download cut short: the archive's first 200 bytes, local header and all, but no central directory.
  const auto cut = dir.write("cut.zip", read_text(k_cases / "dsv4-runs.zip").substr(0, 200));
  expect_refused(cut, "cut.zip: not a readable zip archive");
  // An archive with no entries: only its end-of-central-directory record.
  const auto empty = dir.write("empty.zip", std::string("PK\x05\x06") + std::string(18, '\0'));
  expect_refused(empty, "empty.zip: no input files (got a zip archive without files");
  // A good file given with the cut archive is not stored either.
  const std::size_t before = point_count();
  const CliResult both = run({"ingest", k_one_node, cut.string()});
  EXPECT_EQ(both.exit_code, k_exit_bad_data) << both.err;
  EXPECT_EQ(point_count(), before);
}

// Archives libzip refuses are named with the reason in plain words (made by tests/cases/zip/make_odd_archives.py).
TEST_F(InferencexRunnerIngest, refuses_odd_zip_archives_saying_what_is_wrong)
{
  const std::filesystem::path zips = std::filesystem::path(INFERTRACK_SOURCE_DIR) / "tests/cases/zip";
  expect_refused(zips / "duplicate_names.zip", "duplicate_names.zip: not a readable zip archive (got two entries with "
                                               "the same name, expected each name once)");
  expect_refused(zips / "lzma_entry.zip", "lzma_entry.zip/agg.json: cannot read the zip entry (got a compression "
                                          "method other than stored or deflate, expected one of those two");
}

TEST_F(InferencexRunnerIngest, refuses_an_empty_directory)
{
  std::filesystem::create_directories(dir.file("empty"));
  expect_refused(dir.file("empty"), "no input files (got an empty directory, expected at least one file)");
}

}  // namespace
}  // namespace infertrack::test
