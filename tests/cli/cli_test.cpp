#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;
using testing::Not;
using testing::StartsWith;

constexpr int k_bundled_points = 40; // 5 snapshot points + 35 published MI355X points

class Cli : public CliDatabaseTest
{
protected:
  std::size_t point_count() { return run_json({"points"}).size(); }
};

const json&
row_for(const json& rows, const std::string& configuration_prefix)
{
  for (const json& row : rows) {
    if (row["configuration"].get<std::string>().starts_with(configuration_prefix)) {
      return row;
    }
  }
  throw std::runtime_error("no row for " + configuration_prefix);
}

TEST(CliHelp, every_command_has_help)
{
  for (const std::string command :
       {"", "summary", "ingest", "points", "check", "interpolate", "plan", "presets", "hardware", "user", "limits",
        "audit"}) {
    std::vector<std::string> args;
    if (!command.empty()) {
      args.push_back(command);
    }
    args.push_back("--help");
    const CliResult result = run_cli(args);
    EXPECT_EQ(result.exit_code, 0) << command;
    EXPECT_THAT(result.out, HasSubstr("Usage")) << command;
  }
  EXPECT_THAT(run_cli({"--help"}).out, HasSubstr("Exit codes: 0 ok, 1 storage or I/O failure, 2 usage error"));
  for (const std::string command : {"interpolate", "history"}) {
    EXPECT_THAT(run_cli({command, "--help"}).out, HasSubstr("Model (required)")) << command;
  }
  EXPECT_THAT(run_cli({"points", "--help"}).out, testing::Not(HasSubstr("(required)")));
  EXPECT_THAT(run_cli({"points", "--help"}).out, HasSubstr("Global options: --db PATH, --json, --csv"));
  // Each lists the global options it takes, nested subcommands too.
  EXPECT_THAT(run_cli({"points", "show", "--help"}).out, HasSubstr("Global options: --db PATH, --json, --csv"));
  EXPECT_THAT(run_cli({"user", "add", "--help"}).out, HasSubstr("Global options: --db PATH, --json, --csv"));
  const std::string summary = run_cli({"summary", "--help"}).out;
  EXPECT_THAT(summary, HasSubstr("Global options: --db PATH, --json ("));
  EXPECT_THAT(run_cli({"serve", "--help"}).out, HasSubstr("Global option: --db PATH ("));
  const CliResult serve_json = run_cli({"serve", "--json", "--listen", "127.0.0.1:1"});
  EXPECT_EQ(serve_json.exit_code, 2);
  EXPECT_THAT(serve_json.err, HasSubstr("--json: serve prints no answer to format"));
}

TEST(CliDatabase, infertrack_db_names_the_file_and_db_wins_over_it)
{
  TempDir dir;
  const std::filesystem::path work = dir.file("work");
  std::filesystem::create_directories(work);
  const std::filesystem::path named = dir.file("named.db");
  const CliResult from_variable = run_cli({"points", "--json"}, CliSurroundings{work, named.string()});
  EXPECT_EQ(from_variable.exit_code, 0) << from_variable.err;
  EXPECT_EQ(json::parse(from_variable.out).size(), k_bundled_points);
  EXPECT_TRUE(std::filesystem::exists(named));
  EXPECT_FALSE(std::filesystem::exists(work / "infertrack.db"));

  const std::filesystem::path unused = dir.file("unused.db");
  const std::filesystem::path flag = dir.file("flag.db");
  EXPECT_EQ(run_cli({"points", "--db", flag.string()}, CliSurroundings{work, unused.string()}).exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(flag));
  EXPECT_FALSE(std::filesystem::exists(unused));

  // Empty, the variable names nothing: the file in the working directory.
  EXPECT_EQ(run_cli({"points"}, CliSurroundings{work, ""}).exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(work / "infertrack.db"));
}

TEST(CliDatabase, an_unreachable_postgresql_url_fails_without_printing_its_password_or_making_a_file)
{
  TempDir dir;
  const std::filesystem::path work = dir.file("work");
  std::filesystem::create_directories(work);
  const CliResult flag = run_cli({"summary", "--db", "postgresql://tracker:s3cret-pw@127.0.0.1:1/infertrack"},
                                 CliSurroundings{work, std::nullopt});
  EXPECT_EQ(flag.exit_code, 1);
  EXPECT_NE(flag.err.find("postgresql://tracker:***@127.0.0.1:1/infertrack"), std::string::npos) << flag.err;
  EXPECT_NE(flag.err.find("cannot connect to"), std::string::npos) << flag.err;
  EXPECT_EQ(flag.err.find("s3cret-pw"), std::string::npos) << flag.err;

  const CliResult variable = run_cli({"points"}, CliSurroundings{work, "postgres://t@h/d?password=s3cret-pw"});
  EXPECT_EQ(variable.exit_code, 1);
  EXPECT_NE(variable.err.find("postgres://t@h/d?password=***"), std::string::npos) << variable.err;
  EXPECT_EQ(variable.err.find("s3cret-pw"), std::string::npos) << variable.err;
  EXPECT_TRUE(std::filesystem::is_empty(work)); // no SQLite file named after the URL
}

TEST_F(Cli, first_use_loads_the_bundled_dataset)
{
  const json points = run_json({"points"});
  ASSERT_EQ(points.size(), k_bundled_points);
  EXPECT_EQ(run_json({"points", "--model", "DeepSeek-V4.1-Flash"}).size(), 3);
  EXPECT_EQ(run_json({"points", "--hardware", "mi355x"}).size(), 35);
}

// An answer that cannot be written is a failure: a script writing to a full disk must not get exit 0 and an empty file.
TEST_F(Cli, output_that_cannot_be_written_exits_1_and_says_so)
{
  ASSERT_EQ(run({"presets"}).exit_code, 0);
  for (const std::vector<std::string>& command : {std::vector<std::string>{"presets"},
                                                  std::vector<std::string>{"plan", "--point", "444914", "--demand",
                                                                           "40T", "--csv"}}) {
    std::vector<std::string> args = command;
    args.insert(args.end(), {"--db", db});
    const CliResult full = run_cli(args, CliSurroundings{{}, std::nullopt, "/dev/full"});
    EXPECT_EQ(full.exit_code, 1) << command.front();
    EXPECT_THAT(full.err, HasSubstr("cannot write the output")) << command.front();
  }
}

// A reader that stops early (`| head`) is an output failure too: exit 1 and a word on stderr, not a silent SIGPIPE.
TEST_F(Cli, a_closed_pipe_is_an_output_failure)
{
  ASSERT_EQ(run({"presets"}).exit_code, 0);
  const auto script = dir.write("closed_pipe.sh", "'" + std::string(INFERTRACK_EXE) + "' --db '" + db +
                                                     "' points --json 2>'" + dir.file("err.txt").string() +
                                                     "' | head -c 1 >/dev/null\nexit ${PIPESTATUS[0]}\n");
  const int status = std::system(("bash '" + script.string() + "'").c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
  std::ifstream err(dir.file("err.txt"));
  const std::string text((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "infertrack: cannot write the output (Broken pipe)\n") << "one message, whatever wrote last";

  // Standard error in the same closed pipe: still exit 1, never an abort from reporting the failure. (The answer is
  // larger than a pipe holds, so the reader is gone before the last write.)
  const auto both = dir.write("both_closed.sh", "'" + std::string(INFERTRACK_EXE) + "' --db '" + db +
                                                  "' points --json 2>&1 | head -c 1 >/dev/null\nexit ${PIPESTATUS[0]}\n");
  const int closed = std::system(("bash '" + both.string() + "'").c_str());
  ASSERT_TRUE(WIFEXITED(closed));
  EXPECT_EQ(WEXITSTATUS(closed), 1);
}

// The custom preset has no demand of its own: it labels the demand given with it.
TEST_F(Cli, the_custom_preset_takes_the_demand_given_with_it)
{
  const json plan = run_json({"plan", "--point", "444914", "--preset", "custom", "--demand", "40T"});
  ASSERT_EQ(plan.size(), 1u) << plan.dump();
  EXPECT_EQ(plan[0]["tokens_per_day"], 40e12);
  EXPECT_EQ(plan[0]["preset"]["key"], "custom");
  EXPECT_TRUE(plan[0]["preset"]["tokens_per_day"].is_null());
}

// Each listed point carries its findings: their kinds in the table, the findings themselves in JSON.
TEST_F(Cli, points_list_each_points_findings_beside_it)
{
  const std::string table = run({"points", "--hardware", "gb200"}).out;
  EXPECT_THAT(table, testing::ContainsRegex("\n444914 .* precision_label_conflict\n"));
  EXPECT_THAT(table, testing::ContainsRegex("\n444210 .* -\n"));
  EXPECT_THAT(table, testing::ContainsRegex("median tok/s/user +findings\n"));
  for (const json& point : run_json({"points", "--hardware", "gb200"})) {
    const bool disputed = point["result_id"] == "444914" || point["result_id"] == "444911";
    ASSERT_EQ(point["findings"].size(), disputed ? 1u : 0u) << point["result_id"];
    if (disputed) {
      EXPECT_EQ(point["findings"][0]["kind"], "precision_label_conflict");
    }
  }
}

TEST_F(Cli, points_filter_by_disaggregation_and_speculative_decoding)
{
  // The bundled data: two disaggregated GB200 points (draft-model speculation), three MTP points.
  const json disaggregated = run_json({"points", "--disaggregated", "true"});
  ASSERT_EQ(disaggregated.size(), 2u);
  for (const json& point : disaggregated) {
    EXPECT_TRUE(point["disaggregated"].get<bool>());
  }
  EXPECT_EQ(run_json({"points", "--disaggregated", "false"}).size(), k_bundled_points - 2);
  // The table's GPU column leads with the total that throughput is divided by, then the two roles.
  EXPECT_THAT(run({"points", "--disaggregated", "true"}).out, testing::ContainsRegex("128 +16 \\(8P\\+8D\\) +38,655.3"));
  const json mtp = run_json({"points", "--spec-method", "mtp"});
  ASSERT_EQ(mtp.size(), 3u);
  for (const json& point : mtp) {
    EXPECT_EQ(point["spec_method"], "mtp");
  }
  EXPECT_EQ(run_json({"points", "--spec-method", "MTP"}), mtp) << "compared without case";
  // Stored as written (it is part of a CSV row's derived id), and found whichever way the filter spells it.
  const auto file = dir.write("spec.csv",
                              "result_id,model,hardware,framework,precision,spec_method,date,concurrency,"
                              "total_allocated_gpus,tput_per_gpu,interactivity,interactivity_basis,isl,osl\n"
                              "s-1,DeepSeek-V4-Pro,b200,vllm,fp8,MTP,2026-06-01,16,8,1200.5,40.2,median_tpot,8192,1024\n");
  ASSERT_EQ(run({"ingest", file.string()}).exit_code, 0);
  const json b200 = run_json({"points", "--hardware", "b200", "--spec-method", "mtp"});
  ASSERT_EQ(b200.size(), 1u);
  EXPECT_EQ(b200[0]["spec_method"], "MTP");
  const CliResult empty = run({"points", "--spec-method", ""});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_THAT(empty.err, HasSubstr("--spec-method: expected a name (got an empty value; leave it out for any)"));
  const CliResult bad = run({"points", "--disaggregated", "yes"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--disaggregated: expected true or false (got 'yes')"));
}

// CLI11 would take the option after one left without its value as that value: `--run-url --quiet` stored "--quiet"
// as a run's URL, and `--model --db FILE` left FILE a stray argument.
TEST_F(Cli, an_option_is_not_taken_as_the_value_of_the_option_before_it)
{
  ASSERT_EQ(run({"summary"}).exit_code, 0);
  const std::string before = run({"points", "--csv"}).out;
  const auto file = dir.write("row.json", "[]");
  const CliResult ingest = run({"ingest", "--date", "2026-08-05", "--run-url", "--quiet", file.string()});
  EXPECT_EQ(ingest.exit_code, 2);
  EXPECT_EQ(ingest.err, "infertrack: --run-url: needs a value (got the option '--quiet'; a value that begins with -- "
                        "cannot be given)\nRun with --help for more information.\n");
  EXPECT_EQ(run({"points", "--csv"}).out, before);
  const CliResult points = run({"points", "--model", "--json"});
  EXPECT_EQ(points.exit_code, 2);
  EXPECT_THAT(points.err, HasSubstr("--model: needs a value (got the option '--json'"));
  // After `--`, an argument that begins with -- is a file's name.
  const CliResult named = run({"ingest", "--", "--weird.csv"});
  EXPECT_EQ(named.exit_code, 3) << named.err;
  EXPECT_THAT(named.err, HasSubstr("--weird.csv"));
  EXPECT_THAT(named.err, Not(HasSubstr("needs a value")));
  // A negative number is a value, and is refused for what it is.
  EXPECT_THAT(run({"interpolate", "--model", "dsv4", "--at", "-5"}).err, HasSubstr("--at"));
  EXPECT_THAT(run({"interpolate", "--model", "dsv4", "--at", "-5"}).err, Not(HasSubstr("needs a value")));
}

// A database or other binary file in a directory given to ingest is called what it is, not a CSV with odd lines.
TEST_F(Cli, a_binary_file_is_refused_as_one)
{
  ASSERT_EQ(run({"summary"}).exit_code, 0);
  const std::string before = run({"points", "--csv"}).out;
  std::filesystem::create_directory(dir.file("in"));
  // A SQLite database of its own, whatever the engine of the test's.
  const std::string sqlite_file = dir.file("sqlite.db").string();
  ASSERT_EQ(run_cli({"summary", "--db", sqlite_file}).exit_code, 0);
  std::ifstream sqlite_database(sqlite_file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(sqlite_database)), std::istreambuf_iterator<char>());
  ASSERT_TRUE(bytes.starts_with(std::string("SQLite format 3\0", 16)));
  dir.write("in/copy.db", bytes);
  const CliResult refused = run({"ingest", dir.file("in").string()});
  EXPECT_EQ(refused.exit_code, 3);
  EXPECT_THAT(refused.err, HasSubstr("copy.db: unknown input format (got a binary file, an SQLite database (a NUL "
                                     "byte at byte 16), not text, expected one of"));
  dir.write("noise.bin", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  EXPECT_THAT(run({"ingest", dir.file("noise.bin").string()}).err,
              HasSubstr("got a binary file (a NUL byte at byte 9), not text"));
  EXPECT_EQ(run({"points", "--csv"}).out, before);
}

TEST_F(Cli, global_options_work_before_and_after_the_subcommand)
{
  const CliResult before = run_cli({"--db", db, "--json", "points", "--model", "dsv4"});
  const CliResult after = run_cli({"points", "--model", "dsv4", "--db", db, "--json"});
  ASSERT_EQ(before.exit_code, 0) << before.err;
  ASSERT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(before.out, after.out);
  EXPECT_EQ(json::parse(before.out).size(), 37); // "dsv4" is an alias of DeepSeek-V4-Pro
}

TEST_F(Cli, point_show_prints_notes_and_findings)
{
  const json point = run_json({"points", "show", "444914"});
  EXPECT_EQ(point["result_id"], "444914");
  EXPECT_EQ(point["framework"], "dynamo-vllm");
  EXPECT_EQ(point["prefill_gpus"], 8);
  EXPECT_EQ(point["decode_gpus"], 8);
  EXPECT_EQ(point["total_allocated_gpus"], 16);
  EXPECT_EQ(point["per_gpu_basis"], "all_allocated");
  EXPECT_DOUBLE_EQ(point["tps_per_gpu"]["total"].get<double>(), 38655.26001);
  // A derived view: output / decode GPUs, shown beside but never replacing the per-GPU figures.
  EXPECT_NEAR(point["derived_output_tps_per_decode_gpu"].get<double>(), 618.8611475, 1e-6);
  ASSERT_EQ(point["notes"].size(), 3);
  bool has_precision_conflict = false;
  for (const json& finding : point["findings"]) {
    has_precision_conflict |= finding["kind"] == "precision_label_conflict";
  }
  EXPECT_TRUE(has_precision_conflict);

  const CliResult text = run({"points", "show", "444914"});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_THAT(text.out, HasSubstr("role_note"));
  EXPECT_THAT(text.out, HasSubstr("precision_label_conflict"));
  // Every value starts in one column, after the longest field name.
  EXPECT_THAT(text.out, HasSubstr("\n  isolated_uncached_prefill_tps_per_gpu null\n"));
  EXPECT_THAT(text.out, HasSubstr("\n  date                                  2026-10-14\n"));
}

// Text read from an input may hold control characters (JSON escapes them); a terminal is shown them escaped.
TEST_F(Cli, point_show_writes_control_characters_as_escapes)
{
  const auto file = dir.write(
    "escapes.json",
    R"({"notes": ["caveat\u0007"], "points": [{"result_id": "esc1", "model": "DeepSeek-V4-Pro", "hardware": "gb200",
        "framework": "vllm", "precision": "fp4", "concurrency": 8, "disaggregated": false, "total_allocated_gpus": 4,
        "date_api": "2026-10-14", "total_tps_per_allocated_gpu": 1000, "interactivity_p90_tok_s_user": 50,
        "image": "img\u001b[31m\nforged"}]})");
  ASSERT_EQ(run({"ingest", file.string()}).exit_code, 0);
  const CliResult shown = run({"points", "show", "esc1"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_THAT(shown.out, HasSubstr("img\\u001b[31m\\u000aforged"));
  EXPECT_EQ(shown.out.find('\x1b'), std::string::npos);
  const CliResult check = run({"check"});
  EXPECT_THAT(check.out, HasSubstr("caveat\\u0007"));
  EXPECT_EQ(check.out.find('\x07'), std::string::npos);

  const auto presets = dir.write(
    "presets.json",
    R"({"presets": [{"label": "Rogue \u001b[2J", "value": 5e12, "note": "one\nFORGED \u009b31m"}],
        "points": [{"result_id": "esc2", "model": "DeepSeek-V4-Pro", "hardware": "gb200", "framework": "vllm",
        "precision": "fp4", "concurrency": 8, "disaggregated": false, "total_allocated_gpus": 4,
        "date_api": "2026-10-14", "total_tps_per_allocated_gpu": 1000, "interactivity_p90_tok_s_user": 50}]})");
  ASSERT_EQ(run({"ingest", presets.string()}).exit_code, 0);
  const CliResult listed = run({"presets"});
  EXPECT_THAT(listed.out, HasSubstr("Rogue \\u001b[2J"));
  EXPECT_THAT(listed.out, HasSubstr("one\\u000aFORGED \\u009b31m"));
  EXPECT_EQ(listed.out.find('\x1b'), std::string::npos);
}

TEST_F(Cli, point_show_refuses_the_listings_filters)
{
  for (const std::vector<std::string>& args : {std::vector<std::string>{"points", "show", "444914", "--model", "nope"},
                                               std::vector<std::string>{"points", "--hardware", "gb200", "show",
                                                                        "444914"}}) {
    const CliResult refused = run(args);
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_THAT(refused.err, HasSubstr(": points show takes a result id alone (filters are for the listing)"));
  }
  EXPECT_EQ(run({"points", "--json", "show", "444914"}).exit_code, 0) << "global options are no filters";
}

TEST_F(Cli, unknown_point_is_a_usage_error)
{
  const CliResult result = run({"points", "show", "no-such-id"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("no stored point has result id 'no-such-id'"));
}

// `points` lists without a subcommand and takes no other word, so a word after it is a mistyped subcommand, named as
// a mistyped command is; its options still go before or after it.
TEST_F(Cli, a_mistyped_subcommand_of_a_command_whose_subcommands_are_optional_is_named)
{
  for (const auto& [args, word, command] :
       {std::tuple{std::vector<std::string>{"points", "shwo", "444914"}, "shwo", "points"},
        std::tuple{std::vector<std::string>{"limits", "sett", "comment_per_user", "1", "60"}, "sett", "limits"}}) {
    const CliResult result = run(args);
    EXPECT_EQ(result.exit_code, 2) << word;
    EXPECT_EQ(result.err, "infertrack: unknown command '" + std::string(word) + "' (run infertrack " + command +
                            " --help)\n");
  }
  EXPECT_EQ(run({"points", "--hardware", "mi355x", "--csv"}).exit_code, 0) << "an option's value is no subcommand";
  EXPECT_EQ(run({"points", "--json", "show", "444914"}).exit_code, 0);
}

TEST_F(Cli, interpolate_prints_one_row_per_configuration_with_headlines)
{
  const json answer = run_json({"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100"});
  ASSERT_EQ(answer["rows"].size(), 2); // vllm (two points) and sglang (one point)
  const json& vllm = row_for(answer["rows"], "DeepSeek-V4.1-Flash gb200 vllm");
  EXPECT_EQ(vllm["value"]["state"], "interpolated");
  EXPECT_EQ(vllm["value"]["lower_result_id"], "444210");
  EXPECT_EQ(vllm["value"]["upper_result_id"], "444212");
  // Two knots: a straight line between (85.69.., 175618.33) and (132.45.., 116552.26).
  const double x0 = 85.6898029134533, y0 = 175618.32904, x1 = 132.4503311258278, y1 = 116552.26393;
  const double expected = y0 + (y1 - y0) * (100 - x0) / (x1 - x0);
  EXPECT_NEAR(vllm["value"]["tps_per_gpu"].get<double>(), expected, 1e-6);
  const json& sglang = row_for(answer["rows"], "DeepSeek-V4.1-Flash gb200 sglang");
  EXPECT_EQ(sglang["value"]["state"], "clamped_low");

  ASSERT_EQ(answer["headlines"].size(), 1);
  const json& headline = answer["headlines"][0];
  EXPECT_DOUBLE_EQ(headline["published"]["tps_per_gpu"].get<double>(), 156095.303);
  EXPECT_NEAR(headline["computed"]["tps_per_gpu"].get<double>(), expected, 1e-6);
  EXPECT_NEAR(headline["difference"].get<double>(), expected - 156095.303, 1e-6);
  // The text names each configuration whole, its workload included: two workloads of one engine are two rows.
  EXPECT_THAT(run({"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100"}).out,
              testing::ContainsRegex("DeepSeek-V4.1-Flash gb200 vllm fp4 mtp agg agentic +2026-10-07"));
}

TEST_F(Cli, interpolate_shows_a_headline_only_when_its_run_is_selected)
{
  const std::vector<std::string> query = {"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100"};
  const auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = query;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  EXPECT_THAT(run(query).out, HasSubstr("156,095.3"));
  EXPECT_THAT(run(with({"--as-of", "2020-01-01"})).out, Not(HasSubstr("156,095.3")));
  EXPECT_EQ(run_json(with({"--as-of", "2020-01-01"}))["headlines"].size(), 0);
  EXPECT_EQ(run_json(with({"--hardware", "mi355x"}))["headlines"].size(), 0);
  EXPECT_EQ(run_json(with({"--metric", "output"}))["headlines"].size(), 0);
  EXPECT_EQ(run_json(with({"--framework", "vllm"}))["headlines"].size(), 1);
}

TEST_F(Cli, queries_naming_an_unknown_model_say_so)
{
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"interpolate", "--model", "nope", "--at", "100"},
        std::vector<std::string>{"history", "--model", "nope", "--at", "5"},
        std::vector<std::string>{"export", "interpolations", "--model", "nope"},
        std::vector<std::string>{"export", "points", "--model", "nope"},
        std::vector<std::string>{"points", "--model", "nope"}}) {
    const CliResult result = run(args);
    EXPECT_EQ(result.exit_code, 2) << args[0] << " " << args[1];
    EXPECT_THAT(result.err, HasSubstr("--model: no stored points for model 'nope'")) << result.err;
  }
  // Known names that select nothing together are an empty answer, not an error.
  const CliResult narrow =
    run({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "gb200", "--framework", "sglang", "--at", "100"});
  EXPECT_EQ(narrow.exit_code, 0) << narrow.err;
  EXPECT_EQ(run({"points", "--model", "DeepSeek-V4-Pro", "--hardware", "gb200", "--framework", "sglang"}).exit_code, 0);
}

// A group name that no stored point has is a slip: each such flag is named, with the names that are stored.
TEST_F(Cli, queries_naming_an_unknown_group_name_list_the_stored_ones)
{
  const std::pair<std::vector<std::string>, std::string> cases[] = {
    {{"points", "--hardware", "tpu"}, "infertrack: --hardware: no stored points for hardware 'tpu' (stored: gb200, mi355x)\n"},
    {{"interpolate", "--model", "dsv4", "--framework", "trt", "--at", "100"},
     "infertrack: --framework: no stored points for framework 'trt' (stored: dynamo-vllm, sglang, vllm)\n"},
    {{"history", "--model", "dsv4", "--precision", "int4", "--at", "5"},
     "infertrack: --precision: no stored points for precision 'int4' (stored: fp4, fp8)\n"},
    {{"export", "points", "--spec-method", "eagle"},
     "infertrack: --spec-method: no stored points for spec method 'eagle' (stored: draft_model, mtp, none)\n"},
  };
  for (const auto& [args, message] : cases) {
    const CliResult result = run(args);
    EXPECT_EQ(result.exit_code, 2) << args[0];
    EXPECT_EQ(result.err, message);
  }
  // An alias of a stored name is that name.
  EXPECT_EQ(run({"points", "--hardware", "MI355X"}).exit_code, 0);
}

TEST_F(Cli, interpolate_marks_targets_beyond_the_frontier_unreachable)
{
  const json answer = run_json({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "gb200", "--at", "500"});
  ASSERT_EQ(answer["rows"].size(), 1);
  EXPECT_EQ(answer["rows"][0]["value"]["state"], "unreachable");
  EXPECT_TRUE(answer["rows"][0]["value"]["tps_per_gpu"].is_null());
}

// Below the slowest measured point the value is a lower bound on the throughput: what it costs per token and in
// energy is then at most the figure, tokens per MW at least.
TEST_F(Cli, interpolate_marks_figures_of_a_clamped_value_as_bounds)
{
  const CliResult clamped = run({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "gb200", "--at", "2"});
  ASSERT_EQ(clamped.exit_code, 0) << clamped.err;
  EXPECT_THAT(clamped.out, testing::ContainsRegex("clamped_low +85,065.9 +444911 +<= 0\\.00607 +>= 45,489,803 +<= 0\\.0220\n"));
  const CliResult inside = run({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "gb200", "--at", "100"});
  EXPECT_EQ(inside.out.find("<="), std::string::npos) << inside.out;
}

TEST_F(Cli, interpolate_metric_chooses_the_throughput_read_off_each_curve)
{
  const json total = run_json({"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100"});
  const json output = run_json({"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100", "--metric", "output"});
  ASSERT_EQ(total["rows"].size(), output["rows"].size());
  ASSERT_FALSE(output["rows"].empty());
  for (std::size_t i = 0; i < output["rows"].size(); ++i) {
    const json& row = output["rows"][i];
    EXPECT_EQ(row["configuration"], total["rows"][i]["configuration"]);
    EXPECT_EQ(row["metric"], "output");
    // Agentic rows are mostly cached input: their output is a small part of the total.
    EXPECT_LT(row["value"]["tps_per_gpu"].get<double>(), total["rows"][i]["value"]["tps_per_gpu"].get<double>());
  }
  // 446626 is measured at 112.7 tok/s/user with 2,533.6 output tok/s per GPU, the first knot of its frontier.
  EXPECT_EQ(output["rows"][0]["frontier"][0]["tps_per_gpu"], 2533.64526);
  // The table and the CSV say which tokens they count, so that a saved answer is not read as the total.
  const CliResult text = run({"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100", "--metric", "output"});
  EXPECT_THAT(text.out, testing::StartsWith("Output-token throughput at 100 tok/s/user"));
  const CliResult csv =
    run({"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100", "--metric", "output", "--csv"});
  EXPECT_THAT(csv.out, HasSubstr(",output,"));
  const CliResult bad = run({"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100", "--metric", "cost"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--metric: expected total, input or output (got 'cost')"));
}

// Number flags take decimal text, a leading '+' and exponents included.
TEST_F(Cli, number_flags_take_decimal_text)
{
  const json five = run_json({"interpolate", "--model", "dsv4", "--at", "5"});
  EXPECT_EQ(run_json({"interpolate", "--model", "dsv4", "--at", "+5"}), five);
  EXPECT_EQ(run_json({"interpolate", "--model", "dsv4", "--at", "0.5e1"}), five);
  EXPECT_EQ(run({"interpolate", "--model", "dsv4", "--at", "inf"}).exit_code, 2);
  EXPECT_THAT(run({"interpolate", "--model", "dsv4", "--at", "+-5"}).err, HasSubstr("--at: expected a decimal number"));
  EXPECT_THAT(run({"plan", "--point", "444914", "--demand", "1T", "--gpus-per-rack", "99999999999999999999"}).err,
              HasSubstr("--gpus-per-rack: number out of range"));
  EXPECT_THAT(run({"interpolate", "--model", "dsv4", "--at", "2e18"}).err,
              HasSubstr("--at: number out of range (got '2e18', expected a decimal number up to 1e18)"));
}

// A configuration with no curve at the asked basis is named with the reason, not silently missing.
TEST_F(Cli, interpolate_names_the_configurations_it_has_no_curve_for)
{
  // The MI355X rows are fixed-length runs published with a median TPOT only.
  const json answer = run_json({"interpolate", "--model", "dsv4", "--at", "5", "--basis", "p90_itl"});
  ASSERT_EQ(answer["left_out"].size(), 2u) << answer.dump();
  for (const json& left_out : answer["left_out"]) {
    EXPECT_THAT(left_out["configuration"].get<std::string>(), HasSubstr(" mi355x "));
    EXPECT_EQ(left_out["reason"], "no point of its run has a p90_itl interactivity with a total throughput per GPU");
  }
  ASSERT_EQ(answer["rows"].size(), 1u);
  EXPECT_THAT(answer["rows"][0]["configuration"].get<std::string>(), HasSubstr(" gb200 "));
  EXPECT_TRUE(run_json({"interpolate", "--model", "dsv4", "--at", "5"})["left_out"].empty());
  const CliResult text = run({"interpolate", "--model", "dsv4", "--at", "5", "--basis", "p90_itl"});
  EXPECT_THAT(text.out, HasSubstr("Left out:\n  DeepSeek-V4-Pro mi355x sglang fp4"));
  // The CSV and the export carry them too: a row each in the CSV, a member beside the rows in the JSON export.
  const CliResult csv = run({"interpolate", "--model", "dsv4", "--at", "5", "--basis", "p90_itl", "--csv"});
  EXPECT_THAT(csv.out, HasSubstr(",,,,left_out,,,,,,,no point of its run has a p90_itl interactivity"));
  const CliResult exported =
    run({"export", "interpolations", "--model", "dsv4", "--at", "5", "--basis", "p90_itl", "--format", "json"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(json::parse(exported.out)["left_out"], answer["left_out"]);
}

// A demand below one token a day is printed as given, not rounded to nothing.
TEST_F(Cli, plan_text_prints_a_small_demand_as_given_and_refuses_less_than_a_token_a_day)
{
  EXPECT_THAT(run({"plan", "--point", "444914", "--demand", "3"}).out, HasSubstr("demand 3 tokens/day"));
  const CliResult tiny = run({"plan", "--point", "444914", "--demand", "0.0001"});
  EXPECT_EQ(tiny.exit_code, 2);
  EXPECT_EQ(tiny.err, "infertrack: --demand: must be at least 1 token a day (got 0.0001)\n");
  // A demand that binary fractions cannot hold exactly is shown as typed, not as 0.09999999999999999.
  EXPECT_EQ(run({"plan", "--point", "444914", "--demand", "0.0000001M"}).err,
            "infertrack: --demand: must be at least 1 token a day (got 0.1)\n");
}

TEST_F(Cli, plan_on_a_point_sizes_whole_racks)
{
  const json plans = run_json({"plan", "--point", "444914", "--preset", "fireworks"});
  ASSERT_EQ(plans.size(), 1);
  const json& plan = plans[0]["plan"];
  // 40T/day = 462,962,962.96 tok/s over 618,484.16 tok/s per 16-GPU group at 60% usable capacity.
  const double groups = std::ceil(40e12 / 86400 / (613533.27093 + 4950.88918) / 0.6);
  EXPECT_EQ(plan["groups"].get<double>(), groups);
  EXPECT_EQ(plan["groups"], 1248);
  EXPECT_EQ(plan["groups_per_rack"], 4);
  EXPECT_EQ(plan["racks"], 312);
  EXPECT_EQ(plan["provisioned_gpus"], 312 * 72);
  EXPECT_EQ(plan["idle_gpus"], 312 * 72 - 1248 * 16);
  EXPECT_NEAR(plan["cost_per_day"].get<double>(), 312 * 72 * 1.86 * 24, 1e-6);
  EXPECT_NEAR(plan["power_mw"].get<double>(), 312 * 72 * 1.87 / 1000, 1e-9);
  EXPECT_NEAR(plan["cost_per_million_tokens"].get<double>(), 312 * 72 * 1.86 * 24 / 40e6, 1e-12);
  EXPECT_EQ(plans[0]["utilization"], 0.6);
  EXPECT_FALSE(plans[0]["caveats"].empty());
}

TEST_F(Cli, plan_overrides_and_custom_demand)
{
  const json plans = run_json({"plan", "--point", "444212", "--demand", "1T", "--utilization", "1",
                               "--cost-per-gpu-hour", "2", "--kw-per-gpu", "1.5", "--mix", "1:0"});
  const json& plan = plans[0]["plan"];
  // Input only: 1e12/86400 tok/s over 462,963.96 input tok/s per 4-GPU group.
  EXPECT_EQ(plan["groups"], std::ceil(1e12 / 86400 / 462963.95725));
  EXPECT_EQ(plan["binding"], "input");
  EXPECT_TRUE(plans[0]["cost_overridden"].get<bool>());
  EXPECT_NEAR(plan["cost_per_day"].get<double>(), plan["provisioned_gpus"].get<double>() * 2 * 24, 1e-6);
}

TEST_F(Cli, plan_at_a_target_gives_one_plan_per_configuration)
{
  const json plans = run_json({"plan", "--model", "DeepSeek-V4.1-Flash", "--at", "100", "--demand", "40T"});
  ASSERT_EQ(plans.size(), 2);
  for (const json& answer : plans) {
    EXPECT_FALSE(answer["plan"].is_null()) << answer.dump();
    EXPECT_FALSE(answer["interpolation"].is_null());
  }
}

TEST_F(Cli, plan_at_a_target_answers_hardware_without_cost_figures_with_the_reason)
{
  // No cost and power figures are stored for l40s; at 20 tok/s/user its curve is reachable.
  const auto l40s = dir.write("l40s.csv",
                              "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                              "tput_per_gpu,interactivity,interactivity_basis\n"
                              "DeepSeek-V4-Pro,l40s,vllm,fp8,2026-06-01,16,8,1200,40,median_tpot\n"
                              "DeepSeek-V4-Pro,l40s,vllm,fp8,2026-06-01,64,8,3100,10,median_tpot\n");
  ASSERT_EQ(run({"ingest", l40s.string()}).exit_code, 0);
  const std::string missing = "no cost and power figures are stored for hardware 'l40s'";
  const json plans = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--at", "20", "--demand", "40T"});
  const json& unpriced = row_for(plans, "DeepSeek-V4-Pro l40s vllm fp8");
  EXPECT_TRUE(unpriced["plan"].is_null());
  EXPECT_THAT(unpriced["unavailable"].get<std::string>(), HasSubstr(missing));
  EXPECT_NE(unpriced["interpolation"]["state"], "unreachable");
  // No figures are stored: none are made up (zeros), while the measured group is still said.
  EXPECT_TRUE(unpriced["hardware"].is_null()) << unpriced.dump();
  EXPECT_EQ(unpriced["deployment"]["gpus_per_group"], 8) << unpriced.dump();
  EXPECT_GT(unpriced["deployment"]["total_tps"].get<double>(), 0);
  // Past every curve's fastest point nothing is sized: no group, basis or figures, not zeros and empty text.
  const json unreachable = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--at", "100000", "--demand", "40T"});
  ASSERT_FALSE(unreachable.empty());
  for (const json& answer : unreachable) {
    EXPECT_TRUE(answer["plan"].is_null());
    EXPECT_TRUE(answer["deployment"].is_null()) << answer.dump();
    EXPECT_TRUE(answer["hardware"].is_null());
    EXPECT_TRUE(answer["basis"].is_null());
  }
  EXPECT_FALSE(row_for(plans, "DeepSeek-V4-Pro gb200")["plan"].is_null());

  // The figures given on the command line size it: 8 GPUs per rack, $2 per GPU-hour, 1.5 kW per GPU.
  const json sized = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--at", "20", "--demand", "40T",
                               "--cost-per-gpu-hour", "2", "--kw-per-gpu", "1.5", "--gpus-per-rack", "8"});
  const json& plan = row_for(sized, "DeepSeek-V4-Pro l40s vllm fp8")["plan"];
  ASSERT_FALSE(plan.is_null());
  EXPECT_EQ(plan["provisioned_gpus"], plan["racks"].get<std::int64_t>() * 8);
  EXPECT_NEAR(plan["cost_per_day"].get<double>(), plan["provisioned_gpus"].get<double>() * 2 * 24, 1e-6);
  EXPECT_NEAR(plan["power_mw"].get<double>(), plan["provisioned_gpus"].get<double>() * 1.5 / 1000, 1e-9);

  // A plan for one point of that hardware has nothing else to answer with: it is refused, naming the flags.
  const std::string point = run_json({"points", "--hardware", "l40s"})[0]["result_id"];
  const CliResult refused = run({"plan", "--point", point, "--demand", "1T"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("--cost-per-gpu-hour: " + missing));
  // With a cost given, the refusal names the next figure missing, not the one given.
  const CliResult priced = run({"plan", "--point", point, "--demand", "1T", "--cost-per-gpu-hour", "2"});
  EXPECT_EQ(priced.exit_code, 2);
  EXPECT_THAT(priced.err, HasSubstr("--kw-per-gpu: " + missing));
  EXPECT_THAT(run({"plan", "--point", point, "--demand", "1T", "--cost-per-gpu-hour", "2", "--kw-per-gpu", "1"}).err,
              HasSubstr("--gpus-per-rack: " + missing));
}

// The July 2026 table prices MI355X ($1.50 per GPU-hour, 2.09 kW) but gives no rack size: tokens are priced, and a
// plan asks for the GPUs per rack, then uses the table's cost and power.
TEST_F(Cli, mi355x_is_priced_from_the_july_2026_table_and_planned_with_a_rack_size_given)
{
  const json rows = run_json({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2"});
  const json& day_one = row_for(rows["rows"], "DeepSeek-V4-Pro mi355x sglang fp8");
  ASSERT_TRUE(day_one["efficiency"].is_object()) << day_one.dump();
  const double tps = day_one["value"]["tps_per_gpu"].get<double>();
  EXPECT_NEAR(day_one["efficiency"]["cost_per_million_tokens"].get<double>(), 1.50 / (tps * 3600 / 1e6), 1e-9);
  EXPECT_NEAR(day_one["efficiency"]["joules_per_token"].get<double>(), 2.09 * 1000 / tps, 1e-9);

  const json unplanned = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2",
                                   "--demand", "1T"});
  ASSERT_FALSE(unplanned.empty());
  for (const json& answer : unplanned) {
    EXPECT_TRUE(answer["plan"].is_null());
    EXPECT_FALSE(answer["cost_overridden"].get<bool>());
    EXPECT_EQ(answer["unavailable"], "the cost figures of hardware 'mi355x' (2026-07-01) give no rack size: give GPUs "
                                     "per rack (--gpus-per-rack mi355x=N; gpus_per_rack=mi355x=N on the API)");
  }
  // An override given is said even where no plan came of it.
  for (const json& answer : run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2",
                                      "--demand", "1T", "--cost-per-gpu-hour", "1.2"})) {
    EXPECT_TRUE(answer["plan"].is_null());
    EXPECT_TRUE(answer["cost_overridden"].get<bool>());
    EXPECT_FALSE(answer["gpus_per_rack_overridden"].get<bool>());
  }
  const json planned = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2",
                                 "--demand", "1T", "--gpus-per-rack", "64"});
  for (const json& answer : planned) {
    ASSERT_FALSE(answer["plan"].is_null()) << answer.dump();
    EXPECT_EQ(answer["hardware"]["cost_per_gpu_hour"], 1.5);
    EXPECT_EQ(answer["hardware"]["kw_per_gpu"], 2.09);
    EXPECT_EQ(answer["hardware"]["gpus_per_rack"], 64);
    const json& plan = answer["plan"];
    EXPECT_NEAR(plan["cost_per_day"].get<double>(), plan["provisioned_gpus"].get<double>() * 1.5 * 24, 1e-6);
  }
  const CliResult listed = run({"hardware", "--csv"});
  EXPECT_THAT(listed.out, HasSubstr("\nmi355x,AMD Instinct MI355X,,1.5,2.09,2026-07-01,\n"));
  // Before the table's month nothing prices MI355X, and the text says so rather than leave its columns blank.
  const CliResult june = run({"interpolate", "--model", "dsv4", "--hardware", "mi355x", "--at", "10", "--as-of",
                              "2026-06-30"});
  EXPECT_THAT(june.out, HasSubstr("Priced with:\n  mi355x: no cost and power figures in force"));
}

// MI355X planned beside GB200: a rack size given for MI355X alone leaves GB200's published 72, and a figure for
// hardware that nothing stored has is a slip, refused with the stored names.
TEST_F(Cli, plan_overrides_may_name_the_hardware_they_are_for)
{
  const json plans = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--at", "2", "--demand", "40T",
                               "--gpus-per-rack", "MI355X=8", "--cost-per-gpu-hour", "mi355x=1.25, gb200=2"});
  const json& gb200 = row_for(plans, "DeepSeek-V4-Pro gb200");
  ASSERT_FALSE(gb200["plan"].is_null()) << gb200.dump();
  EXPECT_EQ(gb200["hardware"]["gpus_per_rack"], 72);
  EXPECT_FALSE(gb200["gpus_per_rack_overridden"].get<bool>());
  EXPECT_EQ(gb200["hardware"]["cost_per_gpu_hour"], 2);
  EXPECT_TRUE(gb200["cost_overridden"].get<bool>());
  const json& mi355x = row_for(plans, "DeepSeek-V4-Pro mi355x");
  ASSERT_FALSE(mi355x["plan"].is_null()) << mi355x.dump();
  EXPECT_EQ(mi355x["hardware"]["gpus_per_rack"], 8);
  EXPECT_TRUE(mi355x["gpus_per_rack_overridden"].get<bool>());
  EXPECT_EQ(mi355x["hardware"]["cost_per_gpu_hour"], 1.25);
  EXPECT_EQ(mi355x["plan"]["provisioned_gpus"], mi355x["plan"]["racks"].get<std::int64_t>() * 8);

  // The export records the figures by hardware, as given.
  const CliResult exported = run({"export", "plans", "--format", "json", "--model", "DeepSeek-V4-Pro", "--at", "2",
                                  "--demand", "40T", "--gpus-per-rack", "mi355x=8"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(json::parse(exported.out)["provenance"]["query"]["gpus_per_rack"], json({{"mi355x", 8}}));

  // The CSV export writes them as the flag takes them.
  const CliResult csv = run({"export", "plans", "--format", "csv", "--model", "DeepSeek-V4-Pro", "--at", "2",
                             "--demand", "40T", "--gpus-per-rack", "MI355X=8, gb200=72"});
  EXPECT_THAT(csv.out, HasSubstr("\n# query.gpus_per_rack: gb200=72,mi355x=8\n"));

  // A leading '+' as other number flags take it; a figure for hardware none of the configurations runs on is said
  // to be unused, not silently dropped.
  const json plus = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2", "--demand",
                              "40T", "--gpus-per-rack", "+8", "--cost-per-gpu-hour", "gb200=+2"});
  ASSERT_FALSE(plus.empty());
  for (const json& answer : plus) {
    EXPECT_EQ(answer["hardware"]["gpus_per_rack"], 8) << answer.dump();
    EXPECT_THAT(answer["caveats"].dump(), HasSubstr("Not applied: cost_per_gpu_hour for gb200 (none of these "
                                                    "configurations runs on that hardware)."));
  }
  EXPECT_THAT(run_json({"plan", "--point", "444914", "--demand", "1T", "--gpus-per-rack", "mi355x=8"})[0]["caveats"]
                .dump(),
              HasSubstr("Not applied: gpus_per_rack for mi355x"));

  const std::pair<std::vector<std::string>, std::string> refusals[] = {
    {{"--cost-per-gpu-hour", "mi355x=1e-400"}, "--cost-per-gpu-hour: number out of range (got 'mi355x=1e-400', too "
                                               "close to zero)"},
    {{"--gpus-per-rack", "h100=8"}, "--gpus-per-rack: no stored points for hardware 'h100' (stored: "},
    {{"--gpus-per-rack", "mi355x=8,mi355x=4"}, "--gpus-per-rack: hardware 'mi355x' is given twice"},
    {{"--gpus-per-rack", "mi355x=2.5"}, "--gpus-per-rack: expected a whole number (got 'mi355x=2.5')"},
    {{"--gpus-per-rack", "mi355x=0"}, "--gpus-per-rack: must be 1 to 100000 (got 0)"},
    {{"--gpus-per-rack", "8,mi355x=4"}, "--gpus-per-rack: '8' is not hardware=value"},
    {{"--gpus-per-rack", "mi355x=8,"}, "--gpus-per-rack: an empty entry is not hardware=value"},
    {{"--kw-per-gpu", "gb200=-1"}, "--kw-per-gpu: must be"},
    {{"--cost-per-gpu-hour", "mi355x=1e400"}, "--cost-per-gpu-hour: number out of range (got 'mi355x=1e400'"},
  };
  for (const auto& [flags, message] : refusals) {
    std::vector<std::string> args = {"plan", "--model", "DeepSeek-V4-Pro", "--at", "2", "--demand", "40T"};
    args.insert(args.end(), flags.begin(), flags.end());
    const CliResult refused = run(args);
    EXPECT_EQ(refused.exit_code, 2) << flags[1];
    EXPECT_THAT(refused.err, HasSubstr(message)) << flags[1];
  }
}

TEST_F(Cli, plan_at_a_target_answers_a_configuration_that_serves_no_tokens_with_the_reason)
{
  // A gb200 curve (cost figures stored) whose points serve no tokens: it cannot be sized, the others can.
  const auto file = dir.write("idle.csv",
                              "result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                              "tput_per_gpu,interactivity,interactivity_basis,isl,osl\n"
                              "idle-1,DeepSeek-V4-Pro,gb200,idle-engine,fp4,2026-06-01,16,8,0,10,median_tpot,8192,1024\n"
                              "idle-2,DeepSeek-V4-Pro,gb200,idle-engine,fp4,2026-06-01,4,8,0,40,median_tpot,8192,1024\n");
  ASSERT_EQ(run({"ingest", file.string()}).exit_code, 0);
  const CliResult result = run({"plan", "--model", "DeepSeek-V4-Pro", "--at", "30", "--demand", "1T", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json plans = json::parse(result.out);
  const json& idle = row_for(plans, "DeepSeek-V4-Pro gb200 idle-engine");
  EXPECT_TRUE(idle["plan"].is_null());
  EXPECT_THAT(idle["unavailable"].get<std::string>(), HasSubstr("serves no tokens"));
  EXPECT_FALSE(row_for(plans, "DeepSeek-V4-Pro gb200 dynamo").at("plan").is_null());
  // A flag the query gets wrong is still refused once, not reported for each configuration.
  const CliResult refused =
    run({"plan", "--model", "DeepSeek-V4-Pro", "--at", "30", "--demand", "1T", "--utilization", "2"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("--utilization"));
}

TEST_F(Cli, plan_text_says_how_a_group_spans_racks_and_what_was_overridden)
{
  // Point 444911 runs on 20 GPUs: in racks of 10 a group takes two racks, not "0 groups per rack".
  const CliResult text = run({"plan", "--point", "444911", "--demand", "1", "--gpus-per-rack", "10",
                              "--cost-per-gpu-hour", "0.001"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("racks/group 2"));
  EXPECT_THAT(text.out, Not(HasSubstr("groups/rack 0")));
  EXPECT_THAT(text.out, HasSubstr("10 GPUs/rack (override)"));
  // A fraction of a dollar keeps three significant digits instead of rounding to nothing.
  EXPECT_THAT(text.out, HasSubstr("$0.480/day"));
  const json plans = run_json({"plan", "--point", "444911", "--demand", "1", "--gpus-per-rack", "10"});
  EXPECT_TRUE(plans[0]["gpus_per_rack_overridden"].get<bool>());
  EXPECT_EQ(plans[0]["plan"]["racks_per_group"], 2);
  // The fastest MI355X fp4 point is at 57.06 tok/s/user: the reason shows the decimal that tells it from 57.08.
  EXPECT_THAT(run({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--precision", "fp4", "--at", "57.08",
                   "--demand", "1T"}).out,
              HasSubstr("57.08 tok/s/user is unreachable on this curve (fastest measured: 57.06)"));
  // The MI355X points give total throughput only: a mix cannot be applied, and the plan says so.
  const json mixed = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--precision", "fp4",
                               "--at", "5", "--demand", "1T", "--mix", "3:1", "--cost-per-gpu-hour", "2",
                               "--kw-per-gpu", "1", "--gpus-per-rack", "8"});
  ASSERT_EQ(mixed.size(), 1);
  EXPECT_EQ(mixed[0]["plan"]["binding"], "total");
  EXPECT_THAT(mixed[0]["caveats"].dump(), HasSubstr("The 3:1 mix is not applied"));
}

TEST_F(Cli, bad_flags_are_usage_errors)
{
  struct Case
  {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
    {{"plan", "--point", "444914", "--demand", "40X"}, "--demand"},
    {{"plan", "--point", "444914", "--demand", "40T", "--utilization", "1.5"}, "--utilization"},
    {{"plan", "--point", "444914", "--preset", "nope"}, "--preset: unknown preset 'nope'"},
    {{"plan", "--point", "444914"}, "--demand"},
    {{"plan", "--demand", "40T"}, "--point"},
    {{"plan", "--point", "444914", "--demand", "40T", "--mix", "0:0"}, "--mix"},
    {{"plan", "--point", "444914", "--demand", "40T", "--preset", "fireworks"}, "--demand: preset 'fireworks' has a demand of its own"},
    {{"plan", "--point", "444914", "--preset", "custom"}, "--preset: 'custom' has no demand of its own: give a demand"},
    {{"plan", "--point", "444914", "--model", "dsv4", "--at", "5", "--demand", "1T"}, "give exactly one of a point"},
    {{"plan", "--point", "444914", "--at", "5", "--demand", "1T"}, "give exactly one of a point"},
    {{"plan", "--model", "dsv4", "--hardware", "gb200", "--framework", "sglang", "--at", "5", "--demand", "1T"},
     "infertrack: no stored points match the filters (DeepSeek-V4-Pro, gb200, sglang)"},
    {{"plan", "--model", "dsv4", "--hardware", "h100", "--at", "5", "--demand", "1T"},
     "infertrack: --hardware: no stored points for hardware 'h100' (stored: gb200, mi355x)"},
    {{"plan", "--model", "nosuch", "--at", "5", "--demand", "1T"}, "--model: no stored points for model 'nosuch'"},
    {{"plan", "--point", "444914", "--as-of", "2026-05-01", "--demand", "1T"},
     "--as-of: point '444914' was measured on 2026-10-14, after the as-of date 2026-05-01"},
    {{"plan", "--point", "444914", "--hardware", "gb200", "--demand", "1T"}, "--hardware: chooses the curves"},
    {{"interpolate", "--at", "100"}, "--model is required"},
    {{"interpolate", "--model", "dsv4", "--at", "-3"}, "--at"},
    {{"interpolate", "--model", "dsv4", "--at", "0x10"}, "--at: expected a decimal number (got '0x10')"},
    {{"interpolate", "--model", "dsv4", "--at", ""}, "--at: expected a decimal number (got '')"},
    {{"plan", "--point", "444914", "--demand", "1T", "--gpus-per-rack", "0x8"}, "--gpus-per-rack: expected a whole number"},
    {{"plan", "--point", "444914", "--demand", "1T", "--gpus-per-rack", "8.0"}, "--gpus-per-rack: expected a whole number"},
    {{"points", "--date", "May 1"}, "--date: expected a date as YYYY-MM-DD"},
    {{"points", "--date", "2026-05-10", "--as-of", "2026-05-04"},
     "--date: run date 2026-05-10 is after the as-of date 2026-05-04: no run can match"},
    {{"points", "--json", "--csv"}, "choose one output format"},
    {{"points", "--no-such-flag"}, "no-such-flag"},
    {{"no-such-command"}, "no-such-command"},
  };
  for (const Case& c : cases) {
    const CliResult result = run(c.args);
    EXPECT_EQ(result.exit_code, 2) << c.args[0] << " " << result.err;
    EXPECT_THAT(result.err, HasSubstr(c.message)) << result.err;
  }
}

TEST_F(Cli, serve_refuses_bad_flags_before_it_listens)
{
  struct Case
  {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
    {{"serve", "--listen", "8080"}, "--listen: expected HOST:PORT, e.g. 127.0.0.1:8080 (got '8080')"},
    {{"serve", "--listen", "127.0.0.1:70000"}, "--listen: the port must be a number from 0 to 65535 (got '70000')"},
    {{"serve", "--listen", "127.0.0.1:http"}, "--listen: the port must be a number"},
    {{"serve", "--trusted-proxy", "proxy.local"}, "--trusted-proxy: expected an IP address, e.g. 127.0.0.1 (got 'proxy.local')"},
    {{"serve", "--trusted-proxy", "127.0.0.1:8443"}, "--trusted-proxy: expected an IP address, e.g. 127.0.0.1 (got '127.0.0.1:8443')"},
    {{"serve", "--trusted-proxy", "[::1]:8443"}, "--trusted-proxy: expected an IP address"},
    {{"serve", "--threads", "0"}, "--threads: expected 1 to 64 (got 0)"},
    {{"serve", "--write-threads", "65"}, "--write-threads: expected 0 to 64 (got 65)"},
  };
  for (const Case& c : cases) {
    const CliResult result = run(c.args);
    EXPECT_EQ(result.exit_code, 2) << c.args[2] << " " << result.err;
    EXPECT_THAT(result.err, HasSubstr(c.message)) << result.err;
  }
}

TEST_F(Cli, a_file_that_is_not_a_database_is_a_database_error_and_is_left_alone)
{
  const std::string text = "result_id,model\nr1,DeepSeek-V4-Pro\n" + std::string(4096, '#') + "\n";
  const std::filesystem::path not_a_database = dir.write("points.csv", text);
  const CliResult result = run_cli({"points", "--db", not_a_database.string()});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_THAT(result.err, HasSubstr("infertrack: database error: "));
  std::ifstream in(not_a_database, std::ios::binary);
  std::ostringstream after;
  after << in.rdbuf();
  EXPECT_EQ(after.str(), text);
}

TEST_F(Cli, ingesting_the_same_file_twice_stores_it_once)
{
  const std::string csv = std::string(INFERTRACK_SOURCE_DIR) + "/data/mi355x-dsv4-pro-published.csv";
  const json first = run_json({"ingest", csv});
  EXPECT_EQ(first["points_added"], 0); // already loaded as bundled data
  EXPECT_EQ(first["points_unchanged"], 35);
  EXPECT_EQ(point_count(), k_bundled_points);
}

// "-" reads standard input, named so in what the ingest says; all or nothing as for a file.
TEST_F(Cli, ingest_reads_standard_input_from_a_dash)
{
  const std::string csv = "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                          "tput_per_gpu,interactivity,interactivity_basis\n"
                          "DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot\n";
  const CliResult piped = run_cli({"ingest", "-", "--json", "--db", db}, csv);
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(json::parse(piped.out)["points_added"], 1);
  EXPECT_EQ(point_count(), k_bundled_points + 1);
  const CliResult broken = run_cli({"ingest", "-", "--db", db}, csv + "DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,x\n");
  EXPECT_EQ(broken.exit_code, 3);
  EXPECT_THAT(broken.err, HasSubstr("infertrack: standard input:3:"));
  EXPECT_EQ(point_count(), k_bundled_points + 1);
  const CliResult twice = run_cli({"ingest", "-", "-", "--db", db}, csv);
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_THAT(twice.err, HasSubstr("- (standard input) is given more than once"));
}

// A point measured at no throughput cannot be planned: the refusal blames the point given, not a flag there is not.
TEST_F(Cli, plan_by_a_point_that_serves_nothing_names_the_point)
{
  const auto file = dir.write("zero.csv",
                              "result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                              "tput_per_gpu,interactivity,interactivity_basis\n"
                              "zero1,DeepSeek-V4-Pro,gb200,vllm,fp4,2026-06-01,16,8,0,40.2,median_tpot\n");
  ASSERT_EQ(run({"ingest", file.string()}).exit_code, 0);
  const CliResult refused = run({"plan", "--point", "zero1", "--demand", "1T"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "infertrack: --point: point zero1 serves no tokens (got total_tps 0)\n");
}

TEST_F(Cli, a_new_csv_adds_points_and_its_export_reads_back)
{
  const auto file = dir.write("new.csv",
                              "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                              "tput_per_gpu,interactivity,interactivity_basis\n"
                              "DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot\n"
                              "DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,64,8,3100,21.7,median_tpot\n");
  const json summary = run_json({"ingest", file.string()});
  EXPECT_EQ(summary["points_added"], 2);
  EXPECT_EQ(point_count(), k_bundled_points + 2);

  const CliResult exported = run({"points", "--hardware", "b200", "--csv"});
  ASSERT_EQ(exported.exit_code, 0);
  const auto again = dir.write("again.csv", exported.out);
  const json second = run_json({"ingest", again.string()});
  EXPECT_EQ(second["points_added"], 0);
  EXPECT_EQ(second["points_unchanged"], 2);
}

TEST_F(Cli, bad_files_are_refused_whole_and_change_nothing)
{
  const std::string header = "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                             "tput_per_gpu,interactivity,interactivity_basis\n";
  const std::string good_row = "DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot\n";
  const auto good = dir.write("good.csv", header + good_row);
  struct Case
  {
    std::string name;
    std::string content;
    std::string message;
  };
  const std::vector<Case> cases = {
    {"zero_gpus.csv", header + "DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,0,1200.5,40.2,median_tpot\n",
     "zero_gpus.csv:2:total_allocated_gpus:"},
    {"nan.csv", header + "DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,nan,40.2,median_tpot\n",
     "nan.csv:2:tput_per_gpu:"},
    {"missing.csv", "model,hardware\nx,y\n", "missing.csv"},
    {"truncated.json", "{\"points\": [", "truncated.json"},
    {"conflict.csv",
     "result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,tput_per_gpu,"
     "interactivity,interactivity_basis\n"
     "444914,DeepSeek-V4-Pro,gb200,dynamo-vllm,fp4,2026-10-14,128,16,1,1,p90_itl\n",
     "444914:"},
  };
  const std::string before = run({"points", "--csv"}).out;
  for (const Case& c : cases) {
    const auto bad = dir.write(c.name, c.content);
    const CliResult result = run({"ingest", good.string(), bad.string()});
    EXPECT_EQ(result.exit_code, 3) << c.name << ": " << result.err;
    EXPECT_THAT(result.err, HasSubstr(c.message)) << result.err;
    EXPECT_EQ(run({"points", "--csv"}).out, before) << c.name;
  }
  const CliResult missing = run({"ingest", dir.file("absent.csv").string()});
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_THAT(missing.err, HasSubstr("absent.csv: cannot open the file"));
  // The conflict names the file it came from, beside the point and the field.
  EXPECT_THAT(run({"ingest", dir.file("conflict.csv").string()}).err, HasSubstr("conflict.csv:444914:"));

}

TEST_F(Cli, check_lists_findings_and_dataset_caveats)
{
  const json check = run_json({"check"});
  EXPECT_FALSE(check["findings"].empty());
  // The snapshot's 5, one for each dated GB200 and MI355X cost file, and one the other July 2026 files share.
  EXPECT_EQ(check["dataset_notes"].size(), 9);
  for (const json& finding : check["findings"]) {
    EXPECT_NE(finding["kind"], "per_gpu_mismatch") << finding.dump(); // the seed validates within 6e-6
  }
  // The CSV is one table holding both: the caveats follow the findings, with their source.
  const CliResult csv = run({"check", "--csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  std::istringstream lines(csv.out);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "result_id,kind,detail,source");
  std::size_t findings = 0;
  std::size_t caveats = 0;
  while (std::getline(lines, line)) {
    if (line.starts_with(",dataset_note,")) {
      ++caveats;
      EXPECT_THAT(line, HasSubstr("bundled:")) << line;
    } else {
      ++findings;
    }
  }
  EXPECT_EQ(caveats, 9u);
  EXPECT_EQ(findings, check["findings"].size());
  // The bundled snapshot ingested again from its file in data/ (another source name) adds no caveat twice.
  ASSERT_EQ(run({"ingest", std::string(INFERTRACK_SOURCE_DIR) + "/data/deepseek-v4-gb200-snapshot.json"}).exit_code, 0);
  EXPECT_EQ(run_json({"check"})["dataset_notes"], check["dataset_notes"]);
}

TEST_F(Cli, ingest_summary_as_csv)
{
  const std::string csv = std::string(INFERTRACK_SOURCE_DIR) + "/data/mi355x-dsv4-pro-published.csv";
  const CliResult once = run({"ingest", csv, "--csv"});
  ASSERT_EQ(once.exit_code, 0) << once.err;
  EXPECT_EQ(once.out, "files,points_added,points_unchanged,findings_added,other_records_added\n1,0,35,0,0\n");
}

TEST_F(Cli, check_and_point_show_list_a_run_mixing_interactivity_bases)
{
  // One run (same configuration, workload and date) measured on two statistics: a P90 ITL row beside a median
  // TPOT row. The ISL/OSL keep both in one workload (without them, a P90 ITL row counts as agentic).
  const auto file = dir.write("mixed.csv",
                              "result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                              "tput_per_gpu,interactivity,interactivity_basis,isl,osl\n"
                              "mix-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot,8192,1024\n"
                              "mix-2,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,64,8,3100,21.7,p90_itl,8192,1024\n");
  const json summary = run_json({"ingest", file.string()});
  EXPECT_EQ(summary["findings_added"], 2);
  std::vector<std::string> flagged;
  const json check = run_json({"check"});
  for (const json& finding : check["findings"]) {
    if (finding["kind"] == "mixed_interactivity_basis") {
      flagged.push_back(finding["result_id"]);
    }
  }
  EXPECT_THAT(flagged, testing::UnorderedElementsAre("mix-1", "mix-2"));
  const CliResult shown = run({"points", "show", "mix-1"});
  EXPECT_THAT(shown.out, HasSubstr("[mixed_interactivity_basis] Interactivity is given only at median_tpot"));
}

TEST_F(Cli, interpolate_flags_a_target_read_across_a_thin_frontier)
{
  const auto file = dir.write("thin.csv",
                              "result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                              "tput_per_gpu,interactivity,interactivity_basis\n"
                              "thin-1,DeepSeek-V4-Pro,b200,sglang,fp8,2026-06-01,256,8,5000,10,median_tpot\n"
                              "thin-2,DeepSeek-V4-Pro,b200,sglang,fp8,2026-06-01,8,8,900,50,median_tpot\n");
  run_json({"ingest", file.string()});
  const json answer = run_json({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "b200", "--at", "30"});
  ASSERT_EQ(answer["rows"].size(), 1);
  const json& findings = answer["rows"][0]["findings"];
  ASSERT_EQ(findings.size(), 1) << findings.dump();
  EXPECT_EQ(findings[0]["kind"], "thin_frontier");
  EXPECT_EQ(findings[0]["result_id"], "thin-1");
  const json near = run_json({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "b200", "--at", "50"});
  EXPECT_TRUE(near["rows"][0]["findings"].empty()); // a measured knot
  const CliResult text = run({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "b200", "--at", "30"});
  EXPECT_THAT(text.out, HasSubstr("[thin_frontier] 30 tok/s/user is interpolated between results thin-1"));
  const CliResult csv = run({"interpolate", "--model", "DeepSeek-V4-Pro", "--hardware", "b200", "--at", "30", "--csv"});
  EXPECT_THAT(csv.out, HasSubstr(",\"thin_frontier: 30 tok/s/user is interpolated between results thin-1"));

  // A plan sized on that value carries the finding with it.
  const json plans = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "b200", "--at", "30", "--demand",
                               "1T", "--cost-per-gpu-hour", "3", "--kw-per-gpu", "1.2", "--gpus-per-rack", "8"});
  ASSERT_EQ(plans.size(), 1);
  const std::string caveats = plans[0]["caveats"].dump();
  EXPECT_THAT(caveats, HasSubstr("Data quality [thin_frontier]: 30 tok/s/user is interpolated between results thin-1"));
  const json at_knot = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "b200", "--at", "50", "--demand",
                                 "1T", "--cost-per-gpu-hour", "3", "--kw-per-gpu", "1.2", "--gpus-per-rack", "8"});
  EXPECT_THAT(at_knot[0]["caveats"].dump(), Not(HasSubstr("Data quality")));
}

TEST_F(Cli, presets_and_hardware_show_sources)
{
  const json presets = run_json({"presets"});
  ASSERT_EQ(presets.size(), 6);
  EXPECT_EQ(presets[1]["key"], "fireworks");
  EXPECT_EQ(presets[1]["tokens_per_day"], 40e12);
  EXPECT_EQ(presets[1]["source_url"], "https://fireworks.ai/blog/fireworks-series-d-funding");
  // GB200 NVL72 as published in April 2026, in July 2026, and as the seed retrieved it on 2026-11-02; the other GPUs
  // of the July 2026 table (MI355X among them), in order of hardware and date.
  const json listed = run_json({"hardware"});
  ASSERT_EQ(listed.size(), 11);
  json hardware = json::array();
  std::vector<std::string> others;
  for (const json& entry : listed) {
    if (entry["hardware"] == "gb200" || entry["hardware"] == "mi355x") {
      hardware.push_back(entry);
    } else {
      others.push_back(entry["hardware"]);
      EXPECT_EQ(entry["effective_date"], "2026-07-01");
      EXPECT_TRUE(entry["gpus_per_rack"].is_null()) << "the table gives no rack size, and none is made up";
    }
  }
  EXPECT_EQ(others, (std::vector<std::string>{"b200", "b300", "gb300", "h100", "h200", "mi300x", "mi325x"}));
  EXPECT_EQ(listed[3]["cost_per_gpu_hour"], 1.86) << "gb200 after b200 and b300";
  EXPECT_EQ(listed[6]["hardware"], "h100");
  EXPECT_EQ(listed[6]["cost_per_gpu_hour"], 1.17);
  EXPECT_EQ(listed[6]["kw_per_gpu"], 1.37);
  ASSERT_EQ(hardware.size(), 4);
  EXPECT_EQ(hardware[0]["hardware"], "gb200");
  EXPECT_EQ(hardware[0]["cost_per_gpu_hour"], 2.21);
  EXPECT_EQ(hardware[0]["kw_per_gpu"], 2.1);
  EXPECT_EQ(hardware[0]["effective_date"], "2026-04-01");
  EXPECT_EQ(hardware[1]["effective_date"], "2026-07-01");
  EXPECT_EQ(hardware[2]["cost_per_gpu_hour"], 1.86);
  EXPECT_EQ(hardware[2]["kw_per_gpu"], 1.87);
  EXPECT_EQ(hardware[2]["effective_date"], "2026-11-02");
  EXPECT_EQ(hardware[2]["source_url"], "https://inferencex.semianalysis.com/chips/gb200-nvl72");
  EXPECT_EQ(hardware[3]["hardware"], "mi355x");
  EXPECT_EQ(hardware[3]["cost_per_gpu_hour"], 1.5);
  EXPECT_EQ(hardware[3]["kw_per_gpu"], 2.09);
  EXPECT_TRUE(hardware[3]["gpus_per_rack"].is_null()) << "the table gives no rack size, and none is made up";

  // On a date, the figures in force that day, as a plan on that date prices with.
  const json may = run_json({"hardware", "--as-of", "2026-05-20"});
  ASSERT_EQ(may.size(), 1);
  EXPECT_EQ(may[0]["effective_date"], "2026-04-01");
  const CliResult before = run({"hardware", "--as-of", "2026-03-01"});
  EXPECT_EQ(before.exit_code, 0);
  EXPECT_EQ(before.out, "No cost figures were in force on 2026-03-01 (the first take effect on 2026-04-01).\n");
  EXPECT_EQ(run({"hardware", "--as-of", "2026-02-30"}).exit_code, 2);
}

// The state on an as-of date is priced with the figures in force that day (an article of May reproduces with the
// constants of April); without a date the latest apply.
TEST_F(Cli, as_of_prices_plans_and_efficiency_with_the_figures_in_force_that_day)
{
  const auto may = dir.write("may.csv",
                             "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                             "tput_per_gpu,interactivity,interactivity_basis\n"
                             "DeepSeek-V4-Pro,gb200,sglang,fp8,2026-05-01,16,8,1000,50,median_tpot\n"
                             "DeepSeek-V4-Pro,gb200,sglang,fp8,2026-05-01,64,8,3000,20,median_tpot\n");
  ASSERT_EQ(run({"ingest", may.string()}).exit_code, 0);
  const std::vector<std::string> filters = {"--model", "DeepSeek-V4-Pro", "--hardware", "gb200", "--framework",
                                            "sglang", "--at", "30"};
  auto command = [&](std::string name, std::vector<std::string> more) {
    std::vector<std::string> args = {std::move(name)};
    args.insert(args.end(), filters.begin(), filters.end());
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };

  // The table says which dated figures its cost and power columns use.
  EXPECT_THAT(run(command("interpolate", {"--as-of", "2026-05-15"})).out,
              HasSubstr("Priced with:\n  gb200: NVIDIA GB200 NVL72 at $2.21/GPU-hr, 2.10 kW/GPU all-in (figures of "
                        "2026-04-01)\n"));
  const json today = run_json(command("interpolate", {}))["rows"].at(0);
  EXPECT_EQ(today["hardware_cost"]["effective_date"], "2026-11-02");
  const json in_may = run_json(command("interpolate", {"--as-of", "2026-05-15"}))["rows"].at(0);
  EXPECT_EQ(in_may["hardware_cost"]["effective_date"], "2026-04-01");
  EXPECT_EQ(in_may["hardware_cost"]["cost_per_gpu_hour"], 2.21);
  const double tps = in_may["value"]["tps_per_gpu"].get<double>();
  EXPECT_NEAR(in_may["efficiency"]["cost_per_million_tokens"].get<double>(), 2.21 / (tps * 3600 / 1e6), 1e-9);
  EXPECT_NEAR(in_may["efficiency"]["joules_per_token"].get<double>(), 2.10 * 1000 / tps, 1e-9);

  const json plan_today = run_json(command("plan", {"--demand", "1T"})).at(0);
  const json plan_in_may = run_json(command("plan", {"--demand", "1T", "--as-of", "2026-05-15"})).at(0);
  EXPECT_EQ(plan_today["hardware"]["cost_per_gpu_hour"], 1.86);
  EXPECT_EQ(plan_in_may["hardware"]["cost_per_gpu_hour"], 2.21);
  EXPECT_EQ(plan_in_may["hardware"]["effective_date"], "2026-04-01");
  EXPECT_EQ(plan_in_may["plan"]["groups"], plan_today["plan"]["groups"]) << "the same run sized alike, priced apart";
  EXPECT_NEAR(plan_in_may["plan"]["cost_per_day"].get<double>(),
              plan_in_may["plan"]["provisioned_gpus"].get<double>() * 2.21 * 24, 1e-6);
  EXPECT_NEAR(plan_in_may["plan"]["power_mw"].get<double>(),
              plan_in_may["plan"]["provisioned_gpus"].get<double>() * 2.10 / 1000, 1e-9);

  // A plan by point pays the prices of the as-of date too, for a point measured by then.
  const json by_point = run_json({"plan", "--point", "444914", "--demand", "1T", "--as-of", "2026-10-20"}).at(0);
  EXPECT_EQ(by_point["hardware"]["effective_date"], "2026-07-01");
  EXPECT_EQ(run_json({"plan", "--point", "444914", "--demand", "1T"}).at(0)["hardware"]["effective_date"],
            "2026-11-02");

  // Before any figures of its hardware were in force, a plan says so rather than price with later ones.
  const auto l40s = dir.write("l40s.json",
                              R"({"notes": ["n"], "points": [], "hardware": {"name": "NVIDIA L40S", "gpus_per_rack": 8,
                                  "cost_per_gpu_hour": 1.73, "all_in_power_kw_per_gpu": 1.71, "retrieved": "2026-07-01"}})");
  const auto l40s_may = dir.write("l40s-may.csv",
                                  "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                                  "tput_per_gpu,interactivity,interactivity_basis\n"
                                  "DeepSeek-V4-Pro,l40s,sglang,fp8,2026-05-01,16,8,1000,50,median_tpot\n"
                                  "DeepSeek-V4-Pro,l40s,sglang,fp8,2026-05-01,64,8,3000,20,median_tpot\n");
  const auto l40s_later = dir.write("l40s-later.json",
                                    R"({"notes": ["n"], "points": [], "hardware": {"name": "NVIDIA L40S", "gpus_per_rack": 8,
                                        "cost_per_gpu_hour": 1.6, "all_in_power_kw_per_gpu": 1.71, "retrieved": "2026-11-01"}})");
  ASSERT_EQ(run({"ingest", l40s.string(), l40s_later.string(), l40s_may.string()}).exit_code, 0);
  const json unpriced = run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "l40s", "--at", "30", "--demand",
                                  "1T", "--as-of", "2026-05-15"}).at(0);
  EXPECT_TRUE(unpriced["hardware"].is_null()) << unpriced.dump();
  EXPECT_THAT(unpriced["unavailable"].get<std::string>(),
              HasSubstr("no cost and power figures for hardware 'l40s' were in force on 2026-05-15 (the first "
                        "stored took effect on 2026-07-01)"));
  EXPECT_EQ(run_json({"plan", "--model", "DeepSeek-V4-Pro", "--hardware", "l40s", "--at", "30", "--demand", "1T"})
              .at(0)["hardware"]["cost_per_gpu_hour"],
            1.6);
}

TEST_F(Cli, summary_prints_headlines_and_a_plan)
{
  const CliResult text = run({"summary"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("156,095.3"));
  EXPECT_THAT(text.out, HasSubstr("37,029.6"));
  EXPECT_THAT(text.out, HasSubstr("racks"));
  const json summary = run_json({"summary"});
  EXPECT_EQ(summary["headlines"].size(), 2);
  EXPECT_FALSE(summary["plans"].empty());
  EXPECT_FALSE(summary.contains("as_of"));
}

// The bundled headlines are about the GB200 runs of 2026-10-14; in June the tracker held only MI355X runs of V4-Pro.
TEST_F(Cli, summary_as_of_a_date_leaves_out_later_runs_and_their_headlines)
{
  const json june = run_json({"summary", "--as-of", "2026-06-01"});
  EXPECT_EQ(june["as_of"], "2026-06-01");
  EXPECT_TRUE(june["headlines"].empty());
  ASSERT_FALSE(june["plans"].empty());
  for (const json& plan : june["plans"]) {
    const std::string configuration = plan["configuration"]; // "model hardware ... run-date"
    EXPECT_THAT(configuration, StartsWith("DeepSeek-V4-Pro "));
    EXPECT_LE(configuration.substr(configuration.rfind(' ') + 1), "2026-06-01") << configuration;
  }
  const CliResult text = run({"summary", "--as-of", "2026-06-01"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("No published headline is about a run measured on or before 2026-06-01."));
  EXPECT_THAT(text.out, HasSubstr("No plan for DeepSeek-V4.1-Flash: none of its points was measured on or before "
                                  "2026-06-01"));

  const json october = run_json({"summary", "--as-of", "2026-10-14"});
  EXPECT_EQ(october["headlines"], run_json({"summary"})["headlines"]);

  const CliResult bad = run({"summary", "--as-of", "June"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--as-of: expected a date as YYYY-MM-DD (got 'June')"));
}

}  // namespace
}  // namespace infertrack::test
