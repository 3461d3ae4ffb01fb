#include "cli_runner.hpp"

#include "infertrack/formats/points_csv.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;
using testing::StartsWith;

class CliExport : public CliDatabaseTest
{
protected:
  CliResult run(std::vector<std::string> args, const std::string& locator = "")
  {
    args.insert(args.begin(), "export");
    args.push_back("--db");
    args.push_back(locator.empty() ? db : locator);
    return run_cli(args);
  }

  // A CSV export without its "# key: value" provenance lines: the header and the rows.
  static std::string table_of(const std::string& exported)
  {
    return exported.substr(exported.find("\nconfiguration,") + 1);
  }

  static std::string read(const std::filesystem::path& path)
  {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
  }
};

TEST_F(CliExport, interpolations_as_json_carry_the_rows_interpolate_prints)
{
  const CliResult exported = run({"interpolations", "--model", "DeepSeek-V4-Pro", "--at", "5", "--format", "json"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const CliResult interpolated =
    run_cli({"interpolate", "--model", "DeepSeek-V4-Pro", "--at", "5", "--json", "--db", db});
  ASSERT_EQ(interpolated.exit_code, 0) << interpolated.err;
  const json document = json::parse(exported.out);
  EXPECT_EQ(document["interpolations"], json::parse(interpolated.out)["rows"]);
  EXPECT_EQ(document["provenance"]["query"]["target_interactivity"], 5);

  const CliResult version = run_cli({"--version"});
  EXPECT_THAT(version.out, HasSubstr(document["provenance"]["tracker_version"].get<std::string>()));
}

TEST_F(CliExport, history_csv_rows_are_the_history_commands_csv)
{
  const std::vector<std::string> flags = {"--model", "DeepSeek-V4-Pro", "--at", "5", "--hardware", "mi355x"};
  std::vector<std::string> args = {"history"};
  args.insert(args.end(), flags.begin(), flags.end());
  const CliResult exported = run(args);
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  args.insert(args.end(), {"--csv", "--db", db});
  const CliResult history = run_cli(args);
  ASSERT_EQ(history.exit_code, 0) << history.err;
  EXPECT_THAT(exported.out, StartsWith("# infertrack export: history\n"));
  EXPECT_THAT(exported.out, HasSubstr("# as_of: latest\n"));
  EXPECT_THAT(exported.out, HasSubstr("# bracket: "));
  // Below the comment lines, the very table `history --csv` prints.
  EXPECT_EQ(table_of(exported.out), history.out);
}

TEST_F(CliExport, interpolations_csv_rows_are_the_interpolate_commands_csv)
{
  const CliResult exported = run({"interpolations", "--model", "DeepSeek-V4-Pro", "--at", "5"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const CliResult interpolated =
    run_cli({"interpolate", "--model", "DeepSeek-V4-Pro", "--at", "5", "--csv", "--db", db});
  ASSERT_EQ(interpolated.exit_code, 0) << interpolated.err;
  EXPECT_THAT(exported.out, StartsWith("# infertrack export: interpolations\n"));
  // The subcommand prints no provenance: its first line is the header, and a row follows for each configuration.
  EXPECT_THAT(interpolated.out,
              StartsWith("configuration,run_date,basis,metric,state,tps_per_gpu,lower_result_id,upper_result_id,"
                         "cost_per_million_tokens,tokens_per_s_per_mw,joules_per_token,findings\nDeepSeek-V4-Pro "));
  EXPECT_EQ(table_of(exported.out), interpolated.out);
}

TEST_F(CliExport, plans_csv_rows_are_the_plan_commands_csv)
{
  // Three configurations: one planned, two beyond their fastest measured interactivity (empty plan cells).
  const CliResult exported = run({"plans", "--model", "DeepSeek-V4-Pro", "--at", "60", "--demand", "1.5B"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const CliResult planned =
    run_cli({"plan", "--model", "DeepSeek-V4-Pro", "--at", "60", "--demand", "1.5B", "--csv", "--db", db});
  ASSERT_EQ(planned.exit_code, 0) << planned.err;
  EXPECT_THAT(exported.out, StartsWith("# infertrack export: plans\n"));
  EXPECT_THAT(planned.out, StartsWith("configuration,basis,tokens_per_day,utilization,binding,"));
  EXPECT_THAT(planned.out, HasSubstr(",1500000000,0.6,,,,,,,,,,,,,,,,,,60 tok/s/user is unreachable"));
  // The planned row names its rack packing both ways, the dated figures it was priced with, and carries the caveats
  // the text and JSON give.
  EXPECT_THAT(planned.out, HasSubstr(",both,1,20,20,3,1,1,72,52,"));
  EXPECT_THAT(planned.out, HasSubstr(",1.86,1.87,72,2026-11-02,,,"));
  const CliResult overridden = run_cli(
    {"plan", "--point", "444914", "--demand", "40T", "--cost-per-gpu-hour", "2", "--csv", "--db", db});
  EXPECT_THAT(overridden.out, HasSubstr(",2,1.87,72,2026-11-02,cost_per_gpu_hour,"));
  EXPECT_THAT(planned.out, HasSubstr(",\"Racks are filled arithmetically"));
  EXPECT_EQ(table_of(exported.out), planned.out);
}

TEST_F(CliExport, plans_name_the_cost_constants_and_their_dates)
{
  const CliResult exported =
    run({"plans", "--model", "DeepSeek-V4-Pro", "--hardware", "gb200", "--at", "20", "--demand", "40T",
         "--cost-per-gpu-hour", "3"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_THAT(exported.out, HasSubstr("# constants: "));
  EXPECT_THAT(exported.out, HasSubstr("$3/GPU-hour"));
  EXPECT_THAT(exported.out, HasSubstr("effective 2026-11-02, source https://"));
  EXPECT_THAT(exported.out, HasSubstr("overridden: cost"));
  EXPECT_THAT(exported.out, HasSubstr("# query.demand: 40T\n"));
}

TEST_F(CliExport, output_writes_the_file_whole_and_prints_nothing)
{
  const auto path = dir.file("frontiers.json");
  const CliResult exported =
    run({"frontiers", "--model", "DeepSeek-V4-Pro", "--format", "json", "--output", path.string()});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(exported.out, "");
  const json document = json::parse(read(path));
  EXPECT_FALSE(document["frontiers"].empty());
  EXPECT_EQ(document["provenance"]["runs"].size(), document["frontiers"].size());
  // Nothing but the file itself is left beside it (the database is elsewhere).
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
}

TEST_F(CliExport, an_unwritable_output_fails_and_leaves_no_file)
{
  ASSERT_EQ(run({"points", "--model", "DeepSeek-V4-Pro", "--output", dir.file("first.csv").string()}).exit_code, 0);
  const auto path = dir.file("missing-folder") / "points.csv";
  const CliResult exported = run({"points", "--model", "DeepSeek-V4-Pro", "--output", path.string()});
  EXPECT_EQ(exported.exit_code, 1);
  EXPECT_THAT(exported.err, HasSubstr("--output: " + path.string() + ": cannot write the file"));
  EXPECT_FALSE(std::filesystem::exists(dir.file("missing-folder")));
  // A target that cannot be replaced (a directory) fails at the rename: the written temporary file goes too.
  const CliResult over_directory = run({"points", "--model", "DeepSeek-V4-Pro", "--output", dir.path().string()});
  EXPECT_EQ(over_directory.exit_code, 1);
  EXPECT_THAT(over_directory.err, HasSubstr("cannot write the file"));
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    files += 1;
    EXPECT_THAT(entry.path().filename().string(), testing::Not(HasSubstr(".tmp-")));
  }
  EXPECT_EQ(files, 1u); // first.csv
}

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only: only a SQLite database is a file an output can name
// An export over the database file (by any spelling of its path, or over its WAL) would replace the whole store.
TEST_F(CliExport, an_output_naming_the_database_is_refused_and_the_database_stays)
{
  ASSERT_EQ(run({"points", "--model", "DeepSeek-V4-Pro"}).exit_code, 0);
  const std::filesystem::path file = db;
  const std::string by_other_path = (file.parent_path() / "." / file.filename()).string();
  // The WAL and journal do not exist between commands: named all the same.
  for (const std::string& output : {db, by_other_path, db + "-wal", db + "-journal"}) {
    const CliResult refused = run({"points", "--model", "DeepSeek-V4-Pro", "--output", output});
    EXPECT_EQ(refused.exit_code, 2) << output;
    EXPECT_THAT(refused.err, HasSubstr("is the database's own file")) << output;
  }
  EXPECT_EQ(run({"points", "--model", "DeepSeek-V4-Pro"}).exit_code, 0) << "the database is still one";

  // The default database, named relative to the working directory, before it exists; the output absolute.
  const std::filesystem::path work = dir.file("work");
  std::filesystem::create_directories(work);
  const CliResult fresh = run_cli({"export", "points", "--model", "dsv4", "--output", (work / "infertrack.db").string()},
                                  CliSurroundings{work, std::nullopt});
  EXPECT_EQ(fresh.exit_code, 2) << fresh.err;
  EXPECT_THAT(fresh.err, HasSubstr("is the database's own file"));
  const CliResult relative = run_cli({"export", "points", "--model", "dsv4", "--db", "new.db", "--output", "./new.db"},
                                     CliSurroundings{work, std::nullopt});
  EXPECT_EQ(relative.exit_code, 2) << relative.err;

  // Through a link and "..": the link's target's parent, which holds the database.
  std::filesystem::create_directories(dir.file("real") / "sub");
  std::filesystem::create_directory_symlink(dir.file("real") / "sub", dir.file("link"));
  const std::string linked_db = (dir.file("real") / "db.db").string();
  ASSERT_EQ(run_cli({"points", "--db", linked_db}).exit_code, 0);
  const CliResult through_link = run_cli({"export", "points", "--model", "dsv4", "--db", linked_db, "--output",
                                          (dir.file("link") / ".." / "db.db").string()});
  EXPECT_EQ(through_link.exit_code, 2) << through_link.err;
  EXPECT_EQ(run_cli({"points", "--db", linked_db}).exit_code, 0) << "the database is still one";
}
#endif

// The CSV carries less than a snapshot, API or runner point (no absolute throughputs, one interactivity, role-local
// values rescaled, notes joined): read back into its own database it is still the points already stored, with no
// findings added for the form it carries them in. A changed value is a conflict naming the file.
TEST_F(CliExport, a_points_csv_export_ingests_into_its_own_database_as_already_stored)
{
  const std::string cases = std::string(INFERTRACK_SOURCE_DIR) + "/tests/cases";
  const CliResult loaded = run_cli({"ingest", cases + "/runner/dsv4-runs", cases + "/inferencex/benchmarks-dsr1-latest.json",
                                    "--json", "--db", db});
  ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
  const CliResult findings_before = run_cli({"check", "--csv", "--db", db});
  const auto path = dir.file("everything.csv");
  ASSERT_EQ(run({"points", "--output", path.string()}).exit_code, 0);
  const std::size_t stored = json::parse(run_cli({"points", "--json", "--db", db}).out).size();
  ASSERT_GT(stored, 400u);

  const CliResult again = run_cli({"ingest", path.string(), "--json", "--db", db});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const json summary = json::parse(again.out);
  EXPECT_EQ(summary["points_added"], 0);
  EXPECT_EQ(summary["points_unchanged"], stored);
  EXPECT_EQ(summary["findings_added"], 0);
  EXPECT_EQ(run_cli({"check", "--csv", "--db", db}).out, findings_before.out);

  // One total changed (the bundled MI355X headline row, 2,256.1 tok/s/GPU) conflicts, naming the file and point.
  std::string text = read(path);
  const std::size_t at = text.find(",2256.1,");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, ",2257.1,");
  const auto changed = dir.write("changed.csv", text);
  const CliResult refused = run_cli({"ingest", changed.string(), "--db", db});
  EXPECT_EQ(refused.exit_code, 3);
  EXPECT_THAT(refused.err, HasSubstr("changed.csv:csv-"));
  // The field is the one the CSV carries (tput_per_gpu), not the absolute figure derived from it.
  EXPECT_THAT(refused.err, HasSubstr(":per_gpu_tps.total: conflicts with the stored point"));
}

TEST_F(CliExport, a_points_csv_export_ingests_into_a_fresh_database_as_the_same_points)
{
  const auto path = dir.file("points.csv");
  ASSERT_EQ(run({"points", "--hardware", "mi355x", "--output", path.string()}).exit_code, 0);
  EXPECT_THAT(read(path), StartsWith("# infertrack export: points\n"));

  const test_engine::TestDatabase fresh_database;
  const std::string fresh = fresh_database.locator();
  const CliResult ingested = run_cli({"ingest", path.string(), "--db", fresh});
  ASSERT_EQ(ingested.exit_code, 0) << ingested.err;
  const CliResult before = run_cli({"points", "--hardware", "mi355x", "--json", "--db", db});
  const CliResult after = run_cli({"points", "--hardware", "mi355x", "--json", "--db", fresh});
  ASSERT_EQ(after.exit_code, 0) << after.err;
  const json original = json::parse(before.out);
  const json again = json::parse(after.out);
  ASSERT_EQ(again.size(), original.size());
  for (std::size_t i = 0; i < original.size(); ++i) {
    for (const char* field : {"result_id", "model", "hardware", "framework", "precision", "date", "concurrency",
                              "tps_per_gpu", "interactivity_median", "interactivity_p90"}) {
      EXPECT_EQ(again[i][field], original[i][field]) << i << " " << field;
    }
  }
}

// Every figure leads back to its run: the CSV keeps each point's run URL and image (the bundled GB200 points have them).
TEST_F(CliExport, a_points_csv_export_keeps_each_points_run_url_and_image)
{
  const auto path = dir.file("gb200.csv");
  ASSERT_EQ(run({"points", "--hardware", "gb200", "--output", path.string()}).exit_code, 0);
  const std::string text = read(path);
  EXPECT_THAT(text, HasSubstr(",source_url,run_url,image,mean_ttft,"));
  const json stored = json::parse(run_cli({"points", "--hardware", "gb200", "--json", "--db", db}).out);
  std::size_t with_run_url = 0;
  for (const json& point : stored) {
    if (point["run_url"].is_string() && point["image"].is_string()) {
      ++with_run_url;
      EXPECT_THAT(text, HasSubstr("," + point["run_url"].get<std::string>() + "," + point["image"].get<std::string>() + ","));
    }
  }
  EXPECT_GT(with_run_url, 0u);
}

TEST_F(CliExport, bad_flags_are_usage_errors_naming_the_flag)
{
  struct Case
  {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
    {{"tables", "--model", "DeepSeek-V4-Pro"}, "unknown export 'tables'"},
    {{"points", "--format", "xml"}, "--format: expected csv or json (got 'xml')"},
    {{"points", "--at", "5"}, "--at: not used by an export of points"},
    {{"interpolations", "--model", "DeepSeek-V4-Pro", "--from", "2026-05-01"}, "--from: not used by an export"},
    {{"interpolations", "--at", "5"}, "--model is required"},
    {{"history", "--model", "DeepSeek-V4-Pro", "--at", "-1"}, "--at: must be a positive number"},
    {{"frontiers", "--model", "DeepSeek-V4-Pro", "--basis", "p50"}, "--basis: expected auto, p90_itl (or p90) or median_tpot (or median)"},
    {{"points", "--as-of", "May 1"}, "--as-of: expected a date as YYYY-MM-DD"},
    {{"plans", "--model", "DeepSeek-V4-Pro", "--at", "5", "--preset", "nope"}, "--preset: unknown preset 'nope'"},
    {{"points", "--json"}, "an export takes --format csv or --format json"},
  };
  for (const Case& c : cases) {
    const CliResult result = run(c.args);
    EXPECT_EQ(result.exit_code, 2) << c.message << ": " << result.err;
    EXPECT_THAT(result.err, HasSubstr(c.message));
    EXPECT_EQ(result.out, "");
  }
}

}  // namespace
}  // namespace infertrack::test
