#include "cli_runner.hpp"

#include "infertrack/domain/history.hpp"
#include "infertrack/formats/points_csv.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;

class CliHistory : public CliDatabaseTest
{
protected:
  CliResult run(std::vector<std::string> args)
  {
    args.insert(args.begin(), "history");
    args.push_back("--db");
    args.push_back(db);
    return run_cli(args);
  }

  json run_json(std::vector<std::string> args)
  {
    args.push_back("--json");
    const CliResult result = run(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return json::parse(result.out);
  }
};

const json&
row_with_precision(const json& rows, const std::string& precision)
{
  for (const json& row : rows) {
    if (row["precision"] == precision) {
      return row;
    }
  }
  throw std::runtime_error("no row for " + precision);
}

// The bundled MI355X story at 5 tok/s/user: fp4 runs on four dates whose frontiers rise, and the fp8 launch
// run that never reached 5 tok/s/user (its fastest point is 2.43).
TEST_F(CliHistory, mi355x_values_rise_over_the_dates_with_the_launch_run_a_gap)
{
  const json answer = run_json({"--model", "DeepSeek-V4-Pro", "--at", "5", "--hardware", "mi355x"});
  EXPECT_EQ(answer["target_interactivity"], 5);
  EXPECT_EQ(answer["launch_date"], "2026-04-24");
  ASSERT_EQ(answer["rows"].size(), 2u);

  const json& fp4 = row_with_precision(answer["rows"], "fp4");
  EXPECT_EQ(fp4["interactivity_basis"], "median_tpot");
  const json& points = fp4["points"];
  ASSERT_EQ(points.size(), 4u);
  const std::vector<std::string> dates = {"2026-05-02", "2026-05-04", "2026-05-10", "2026-05-21"};
  const std::vector<int> days = {8, 10, 16, 27};
  double previous = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(points[i]["date"], dates[i]);
    EXPECT_EQ(points[i]["days_since_launch"], days[i]);
    const double value = points[i]["value"]["tps_per_gpu"].get<double>();
    EXPECT_GT(value, previous) << dates[i];
    previous = value;
  }
  // 2026-05-02: between (3.61, 500.2) and (5.23, 359.9); 2026-05-21: its frontier starts at 9.37 (2256.1).
  EXPECT_EQ(points[0]["value"]["state"], "interpolated");
  EXPECT_EQ(points[0]["lower"]["interactivity"], 3.61);
  EXPECT_EQ(points[0]["upper"]["interactivity"], 5.23);
  EXPECT_EQ(points[3]["value"]["state"], "clamped_low");
  EXPECT_EQ(points[3]["value"]["tps_per_gpu"], 2256.1);
  EXPECT_EQ(fp4["since_first"]["from_date"], "2026-05-02");
  EXPECT_EQ(fp4["since_first"]["to_date"], "2026-05-21");
  EXPECT_GT(fp4["since_first"]["factor"].get<double>(), 1);
  EXPECT_EQ(fp4["since_first"]["bound"], "at_least");

  const json& fp8 = row_with_precision(answer["rows"], "fp8");
  ASSERT_EQ(fp8["points"].size(), 1u);
  const json& gap = fp8["points"][0];
  EXPECT_EQ(gap["date"], "2026-04-25");
  EXPECT_EQ(gap["value"]["state"], "unreachable");
  EXPECT_TRUE(gap["value"]["tps_per_gpu"].is_null()); // a gap, never a zero
  EXPECT_EQ(gap["fastest_interactivity"], 2.43);
  EXPECT_THAT(gap["gap_reason"].get<std::string>(), HasSubstr("above the fastest measured interactivity 2.43"));
  EXPECT_TRUE(fp8["since_first"].is_null());
}

// The "100x" story: MI355X ran fp8 on day 1 and fp4 from day 8. Joined, the two are one series, and at the day-1
// interactivity of 2 tok/s/user day 27 gives at least 91x the day-1 throughput per GPU.
TEST_F(CliHistory, joined_precisions_tell_the_mi355x_story_from_day_one)
{
  const json apart = run_json({"--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2"});
  EXPECT_EQ(apart["rows"].size(), 2u);
  const json joined = run_json({"--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2", "--join-precisions",
                                "--from", "2026-04-25", "--to", "2026-05-21"});
  ASSERT_EQ(joined["configurations"], 1);
  const json& row = joined["rows"][0];
  EXPECT_EQ(row["precision"], "fp4/fp8");
  ASSERT_EQ(row["points"].size(), 5u);
  EXPECT_EQ(row["points"][0]["precision"], "fp8");
  EXPECT_EQ(row["points"][0]["days_since_launch"], 1);
  EXPECT_EQ(row["points"][4]["precision"], "fp4");
  EXPECT_EQ(row["between"]["bound"], "at_least");
  const double factor = row["between"]["factor"].get<double>();
  EXPECT_NEAR(factor, 2256.1 / row["points"][0]["value"]["tps_per_gpu"].get<double>(), 1e-9);
  EXPECT_GT(factor, 91.0);
  // The table names each date's precision; without the flag it has no such column.
  const CliResult table = run({"--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2", "--join-precisions"});
  EXPECT_THAT(table.out, HasSubstr("DeepSeek-V4-Pro mi355x sglang fp4/fp8 none agg 8192/1024"));
  EXPECT_THAT(table.out, testing::ContainsRegex("2026-04-25 +1 +fp8 +interpolated"));
  EXPECT_THAT(table.out, testing::ContainsRegex("2026-05-21 +27 +fp4 +clamped_low +2,256.1 .* >= 91.7"));
  EXPECT_EQ(run({"--model", "DeepSeek-V4-Pro", "--hardware", "mi355x", "--at", "2"}).out.find("precision"),
            std::string::npos);
}

TEST_F(CliHistory, from_and_to_give_the_factor_between_two_runs)
{
  const json answer = run_json(
    {"--model", "dsv4", "--at", "5", "--hardware", "mi355x", "--precision", "fp4", "--from", "2026-05-02", "--to",
     "2026-05-04"});
  ASSERT_EQ(answer["rows"].size(), 1u);
  const json& between = answer["rows"][0]["between"];
  EXPECT_EQ(between["from_state"], "interpolated");
  EXPECT_EQ(between["to_state"], "interpolated");
  EXPECT_EQ(between["bound"], "exact");
  const json& points = answer["rows"][0]["points"];
  EXPECT_DOUBLE_EQ(between["factor"].get<double>(),
                   points[1]["value"]["tps_per_gpu"].get<double>() / points[0]["value"]["tps_per_gpu"].get<double>());

  // A date without a run is named, not "both dates".
  const CliResult missing = run({"--model", "dsv4", "--at", "5", "--hardware", "mi355x", "--precision", "fp4", "--from",
                                 "2026-05-03", "--to", "2026-05-21"});
  EXPECT_THAT(missing.out, HasSubstr("2026-05-03 -> 2026-05-21: no run on 2026-05-03\n"));
  const CliResult neither = run({"--model", "dsv4", "--at", "5", "--hardware", "mi355x", "--precision", "fp4", "--from",
                                 "2026-05-03", "--to", "2026-05-05"});
  EXPECT_THAT(neither.out, HasSubstr("no run on 2026-05-03 nor on 2026-05-05\n"));
  const CliResult same = run({"--model", "dsv4", "--at", "5", "--hardware", "mi355x", "--precision", "fp4", "--from",
                              "2026-05-03", "--to", "2026-05-03"});
  EXPECT_THAT(same.out, HasSubstr("2026-05-03 -> 2026-05-03: no run on 2026-05-03\n"));
}

// At 3 tok/s/user every fp4 run is clamped_low: the first run against itself is exactly 1, the later ones compare
// two lower bounds (~), and the header says what ~ means.
TEST_F(CliHistory, factors_between_two_lower_bounds_are_marked_and_explained)
{
  const CliResult table = run({"--model", "dsv4", "--hardware", "mi355x", "--precision", "fp4", "--at", "3"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("~ : both ends are clamped_low lower bounds, so the factor bounds nothing"));
  EXPECT_THAT(table.out, testing::ContainsRegex("2026-05-02 +8 +clamped_low +500.2 +[^ ]+ +1.00x"));
  EXPECT_THAT(table.out, testing::ContainsRegex("2026-05-21 +27 +clamped_low +2,256.1 +[^ ]+ +~ 4.51x"));
  const json answer = run_json({"--model", "dsv4", "--hardware", "mi355x", "--precision", "fp4", "--at", "3"});
  EXPECT_EQ(answer["rows"][0]["points"][0]["since_first"]["bound"], "exact");
  EXPECT_EQ(answer["rows"][0]["points"][1]["since_first"]["bound"], "indeterminate");
}

TEST_F(CliHistory, table_and_csv_show_the_gap_reason)
{
  const CliResult table = run({"--model", "DeepSeek-V4-Pro", "--at", "5", "--hardware", "mi355x"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 (median_tpot"));
  EXPECT_THAT(table.out, HasSubstr("unreachable"));
  EXPECT_THAT(table.out, HasSubstr("2,256.1"));

  const CliResult csv = run({"--model", "DeepSeek-V4-Pro", "--at", "5", "--hardware", "mi355x", "--csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_THAT(csv.out, HasSubstr("configuration,date,precision,days_since_launch,basis,metric,state,tps_per_gpu"));
  EXPECT_THAT(csv.out, HasSubstr(",2026-04-25,fp8,1,median_tpot,total,unreachable,,"));

  // The factor between two dates, which the text prints under each configuration, is in the CSV too.
  const CliResult between = run({"--model", "DeepSeek-V4-Pro", "--at", "5", "--hardware", "mi355x", "--precision",
                                 "fp4", "--from", "2026-05-02", "--to", "2026-05-21", "--csv"});
  ASSERT_EQ(between.exit_code, 0) << between.err;
  EXPECT_THAT(between.out, HasSubstr(",between_from,between_to,between_factor,between_bound\n"));
  EXPECT_THAT(between.out, testing::ContainsRegex(",2026-05-21,fp4,27,.*,2026-05-02,2026-05-21,5\\.98[0-9]*,at_least\n"));
}

// Asked at P90, a run published with the median only is a gap with its reason, and the factor since the first
// measurement counts from the first run that has P90.
TEST_F(CliHistory, a_run_without_the_asked_basis_is_a_gap_with_its_reason)
{
  const auto file = dir.write("two-runs.csv",
                              "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,tput_per_gpu,"
                              "interactivity,interactivity_basis,isl,osl\n"
                              "DeepSeek-V4-Pro,h200,vllm,fp8,2026-06-01,4,8,100,20,median_tpot,8192,1024\n"
                              "DeepSeek-V4-Pro,h200,vllm,fp8,2026-06-01,16,8,300,8,median_tpot,8192,1024\n"
                              "DeepSeek-V4-Pro,h200,vllm,fp8,2026-06-10,4,8,200,20,p90_itl,8192,1024\n"
                              "DeepSeek-V4-Pro,h200,vllm,fp8,2026-06-10,16,8,600,8,p90_itl,8192,1024\n");
  ASSERT_EQ(run_cli({"ingest", file.string(), "--db", db}).exit_code, 0);
  const json answer = run_json({"--model", "dsv4", "--hardware", "h200", "--at", "10", "--basis", "p90_itl"});
  ASSERT_EQ(answer["rows"].size(), 1u) << answer.dump();
  const json& points = answer["rows"][0]["points"];
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0]["date"], "2026-06-01");
  EXPECT_TRUE(points[0]["value"]["tps_per_gpu"].is_null());
  EXPECT_EQ(points[0]["frontier_size"], 0);
  EXPECT_EQ(points[0]["gap_reason"], "no point of this run has a p90_itl interactivity with a total throughput per GPU");
  EXPECT_TRUE(points[0]["fastest_interactivity"].is_null()); // nothing measured, not 0 tok/s/user
  EXPECT_EQ(points[1]["since_first"]["from_date"], "2026-06-10");
  const CliResult between =
    run({"--model", "dsv4", "--hardware", "h200", "--at", "10", "--basis", "p90_itl", "--from", "2026-06-01", "--to",
         "2026-06-10"});
  EXPECT_THAT(between.out, HasSubstr("2026-06-01 -> 2026-06-10: no value on 2026-06-01 (a gap)"));
}

TEST_F(CliHistory, launch_date_moves_the_days_since_launch)
{
  const json answer = run_json(
    {"--model", "dsv4", "--at", "5", "--hardware", "mi355x", "--precision", "fp4", "--launch-date", "2026-05-01"});
  EXPECT_EQ(answer["launch_date"], "2026-05-01");
  ASSERT_EQ(answer["rows"].size(), 1u);
  const json& points = answer["rows"][0]["points"];
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points[0]["days_since_launch"], 1);   // 2026-05-02 (8 from the default, 2026-04-24)
  EXPECT_EQ(points[3]["days_since_launch"], 20);  // 2026-05-21 (27)
}

// The output series reads the same curve as interpolate --metric output: on the only run of each Flash configuration
// the two commands give the same value, below the total.
TEST_F(CliHistory, metric_output_reads_what_interpolate_reads)
{
  const json output = run_json({"--model", "DeepSeek-V4.1-Flash", "--at", "100", "--metric", "output"});
  const json total = run_json({"--model", "DeepSeek-V4.1-Flash", "--at", "100"});
  const CliResult interpolated =
    run_cli({"interpolate", "--model", "DeepSeek-V4.1-Flash", "--at", "100", "--metric", "output", "--json", "--db", db});
  ASSERT_EQ(interpolated.exit_code, 0) << interpolated.err;
  const json interpolate = json::parse(interpolated.out);
  EXPECT_EQ(output["metric"], "output");
  const json& rows = output["rows"];
  ASSERT_EQ(rows.size(), 2u);
  ASSERT_EQ(total["rows"].size(), 2u);
  ASSERT_EQ(interpolate["rows"].size(), 2u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i]["points"].size(), 1u) << rows[i]["configuration"];
    const json& value = rows[i]["points"][0]["value"];
    EXPECT_EQ(rows[i]["metric"], "output");
    // interpolate names a run: the configuration and its date.
    EXPECT_EQ(interpolate["rows"][i]["configuration"],
              rows[i]["configuration"].get<std::string>() + " " + rows[i]["points"][0]["date"].get<std::string>());
    EXPECT_EQ(value["tps_per_gpu"], interpolate["rows"][i]["value"]["tps_per_gpu"]) << rows[i]["configuration"];
    EXPECT_EQ(value["state"], interpolate["rows"][i]["value"]["state"]);
    EXPECT_LT(value["tps_per_gpu"].get<double>(),
              total["rows"][i]["points"][0]["value"]["tps_per_gpu"].get<double>());
  }
  // 446626's output: 2,533.6 tok/s per GPU at 112.7 tok/s/user, the first knot of its frontier.
  EXPECT_EQ(rows[0]["points"][0]["value"]["tps_per_gpu"], 2533.64526);
  const CliResult bad = run({"--model", "DeepSeek-V4.1-Flash", "--at", "100", "--metric", "cost"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--metric: expected total, input or output (got 'cost')"));
}

TEST_F(CliHistory, refuses_bad_flags_with_usage_errors)
{
  // Without --at, 100 tok/s/user, as the API's history and interpolate take it.
  const CliResult no_at = run({"--model", "DeepSeek-V4-Pro", "--json"});
  EXPECT_EQ(no_at.exit_code, 0) << no_at.err;
  EXPECT_EQ(no_at.out, run({"--model", "DeepSeek-V4-Pro", "--at", "100", "--json"}).out);
  EXPECT_THAT(no_at.out, HasSubstr("\"target_interactivity\": 100.0"));
  EXPECT_THAT(run({"--model", "DeepSeek-V4-Pro", "--at", "0"}).err, HasSubstr("--at: must be a positive number"));
  // --basis takes the API's spellings too: auto, p90 and median.
  EXPECT_EQ(run({"--model", "DeepSeek-V4-Pro", "--basis", "auto", "--json"}).out, no_at.out);
  EXPECT_EQ(run({"--model", "DeepSeek-V4-Pro", "--basis", "median", "--json"}).out,
            run({"--model", "DeepSeek-V4-Pro", "--basis", "median_tpot", "--json"}).out);
  const CliResult bad_date = run({"--model", "DeepSeek-V4-Pro", "--at", "5", "--from", "May 2", "--to", "2026-05-04"});
  EXPECT_EQ(bad_date.exit_code, 2);
  EXPECT_THAT(bad_date.err, HasSubstr("--from: expected a date as YYYY-MM-DD (got 'May 2')"));
  const CliResult half = run({"--model", "DeepSeek-V4-Pro", "--at", "5", "--from", "2026-05-02"});
  EXPECT_EQ(half.exit_code, 2);
  EXPECT_THAT(half.err, HasSubstr("--to: required as well: an improvement is between two run dates"));
  const CliResult reversed = run({"--model", "DeepSeek-V4-Pro", "--at", "5", "--from", "2026-05-21", "--to", "2026-05-02"});
  EXPECT_EQ(reversed.exit_code, 2);
  EXPECT_THAT(reversed.err, HasSubstr("--to: must not be before from"));
  const CliResult bad_launch = run({"--model", "DeepSeek-V4-Pro", "--at", "5", "--launch-date", "May 1"});
  EXPECT_EQ(bad_launch.exit_code, 2);
  EXPECT_THAT(bad_launch.err, HasSubstr("--launch-date: expected a date as YYYY-MM-DD"));
}

// build_history on the 35 published MI355X points read straight from the bundled CSV (test_domain does not
// link the readers). Expected values are computed by hand from DOMAIN.md 5 (Steffen tangents, Hermite basis).
std::vector<domain::BenchmarkPoint>
published_mi355x_points()
{
  std::ifstream in(std::string(INFERTRACK_SOURCE_DIR) + "/data/mi355x-dsv4-pro-published.csv", std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  auto dataset = formats::read_points_csv(text.str());
  EXPECT_TRUE(dataset.has_value());
  return dataset ? dataset->points : std::vector<domain::BenchmarkPoint>{};
}

TEST(BuildHistory, mi355x_published_story_at_5_and_20_tok_s_user)
{
  const std::vector<domain::BenchmarkPoint> points = published_mi355x_points();
  ASSERT_EQ(points.size(), 35u);
  domain::HistoryOptions options;
  options.target = 5;
  std::vector<domain::HistorySeries> history = domain::build_history(points, options);
  ASSERT_EQ(history.size(), 2u);
  const domain::HistorySeries& fp4 = history[0];
  const domain::HistorySeries& fp8 = history[1];
  EXPECT_EQ(fp4.configuration.label(), "DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024");
  EXPECT_EQ(fp4.basis, domain::InteractivityBasis::median_tpot);
  ASSERT_EQ(fp4.points.size(), 4u);
  // 2026-05-02: between (3.61, 500.2) and (5.23, 359.9) of an 8-knot frontier.
  EXPECT_EQ(fp4.points[0].value.state, domain::InterpolationState::interpolated);
  EXPECT_NEAR(*fp4.points[0].value.throughput, 377.1969, 1e-3);
  EXPECT_EQ(fp4.points[0].frontier_size, 8u);
  EXPECT_NEAR(*fp4.points[1].value.throughput, 580.5212, 1e-3);
  // 2026-05-10 starts at 6.14 tok/s/user; 2026-05-21 at 9.37 (its 512-user point, 5.59 at 1814.4, is dominated).
  EXPECT_EQ(fp4.points[2].value.state, domain::InterpolationState::clamped_low);
  EXPECT_DOUBLE_EQ(*fp4.points[2].value.throughput, 1503.2);
  EXPECT_EQ(fp4.points[3].value.state, domain::InterpolationState::clamped_low);
  EXPECT_DOUBLE_EQ(*fp4.points[3].value.throughput, 2256.1);
  EXPECT_EQ(fp4.points[3].days_since_launch, 27);
  EXPECT_NEAR(*fp4.points[3].since_first->factor, 2256.1 / 377.1969, 1e-4);
  EXPECT_EQ(fp4.points[3].since_first->bound, domain::FactorBound::at_least);
  // Launch week: fp8 only, fastest 2.43 tok/s/user.
  ASSERT_EQ(fp8.points.size(), 1u);
  EXPECT_EQ(fp8.points[0].days_since_launch, 1);
  EXPECT_EQ(fp8.points[0].value.state, domain::InterpolationState::unreachable);
  EXPECT_DOUBLE_EQ(fp8.points[0].fastest_interactivity, 2.43);

  // At 20 tok/s/user every fp4 run is inside its frontier: an exact 14.3x in 19 days.
  options.target = 20;
  history = domain::build_history(points, options);
  const std::vector<double> expected = {61.1123, 138.4460, 344.1411, 875.5307};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(history[0].points[i].value.state, domain::InterpolationState::interpolated);
    EXPECT_NEAR(*history[0].points[i].value.throughput, expected[i], 1e-3);
  }
  const auto factor = domain::improvement_between(history[0], "2026-05-02", "2026-05-21");
  ASSERT_TRUE(factor);
  EXPECT_NEAR(*factor->factor, 875.5307 / 61.1123, 1e-3);
  EXPECT_EQ(factor->bound, domain::FactorBound::exact);
}

}  // namespace
}  // namespace infertrack::test
