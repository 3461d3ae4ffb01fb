// End to end: latency curves, service-level targets, the best fleet and the inverse questions, through the real
// binary on the real InferenceX capture (which carries TTFT and end-to-end latency percentiles) and the bundled data.
#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;

const std::string k_capture =
  std::string(INFERTRACK_SOURCE_DIR) + "/tests/cases/inferencex/benchmarks-dsr1-latest.json";
const std::string k_model = "DeepSeek-R1-0528";

class ServiceLevelCli : public CliDatabaseTest
{
protected:
  void SetUp() override { ASSERT_EQ(run_json({"ingest", k_capture})["points_added"], 435); }

  // Each configuration's value in an `interpolate --json` answer.
  std::map<std::string, json> values_of(std::vector<std::string> args)
  {
    std::map<std::string, json> values;
    const json answer = run_json(std::move(args));
    for (const json& row : answer["rows"]) {
      values[row["configuration"].get<std::string>()] = row["value"];
    }
    return values;
  }
};

TEST_F(ServiceLevelCli, stores_and_shows_the_latency_percentiles)
{
  // Row 0 of the capture: mi355x sglang fp4 1024/1024 at concurrency 4.
  const json points = run_json({"points", "--model", k_model, "--hardware", "mi355x"});
  bool found = false;
  for (const json& point : points) {
    if (point["concurrency"] == 4 && point["framework"] == "sglang" && point["precision"] == "fp4" &&
        point["isl"] == 1024 && point["osl"] == 1024 && point["date"] == "2026-06-11") {
      found = true;
      EXPECT_DOUBLE_EQ(point["latency_s"]["ttft"]["p99"].get<double>(), 0.8231137297395617);
      EXPECT_DOUBLE_EQ(point["latency_s"]["ttft"]["p90"].get<double>(), 0.1711582055315385);
      EXPECT_DOUBLE_EQ(point["latency_s"]["e2el"]["p99"].get<double>(), 10.478947445219383);
      EXPECT_DOUBLE_EQ(point["latency_s"]["e2el"]["mean"].get<double>(), 8.991529557155445);
    }
  }
  EXPECT_TRUE(found);
}

TEST_F(ServiceLevelCli, reads_curves_against_a_latency)
{
  const json answer = run_json({"interpolate", "--model", k_model, "--axis", "ttft_p99", "--at", "2"});
  ASSERT_FALSE(answer["rows"].empty());
  std::map<std::string, int> states;
  for (const json& row : answer["rows"]) {
    EXPECT_EQ(row["axis"], "ttft_p99");
    EXPECT_EQ(row["axis_unit"], "s");
    EXPECT_EQ(row["metric"], "input"); // TTFT pairs with input throughput unless asked
    ++states[row["value"]["state"].get<std::string>()];
    // Knots in seconds, rising in latency and in throughput: the upper-left frontier.
    const json& knots = row["frontier"];
    for (std::size_t i = 0; i < knots.size(); ++i) {
      EXPECT_TRUE(knots[i].contains("latency_s"));
      if (i > 0) {
        EXPECT_LT(knots[i]["latency_s"].get<double>(), knots[i - 1]["latency_s"].get<double>());
      }
    }
  }
  EXPECT_GT(states["interpolated"] + states["exact"], 0);

  const CliResult bad = run({"interpolate", "--model", k_model, "--axis", "ttft_p95", "--at", "2"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--axis: expected ttft_mean"));
}

TEST_F(ServiceLevelCli, an_slo_reads_each_limit_on_its_own_curve)
{
  const json answer = run_json({"slo", "--model", k_model, "--slo", "interactivity>=40,ttft_p99<=1.5s"});
  EXPECT_EQ(answer["slo"], "interactivity>=40,ttft_p99<=1.5s");
  const auto at_40 = values_of({"interpolate", "--model", k_model, "--at", "40"});
  const auto ttft = values_of({"interpolate", "--model", k_model, "--axis", "ttft_p99", "--at", "1.5", "--metric",
                               "total"});
  std::size_t bound = 0;
  std::size_t binding_ttft = 0;
  for (const json& row : answer["rows"]) {
    const std::string configuration = row["configuration"];
    if (row["tps_per_gpu"].is_null()) {
      EXPECT_TRUE(row["none_reason"].is_string()) << configuration;
      continue;
    }
    ++bound;
    // The operating point is the lower of what each limit allows, read exactly as interpolate reads it.
    ASSERT_TRUE(at_40.contains(configuration)) << configuration;
    ASSERT_TRUE(ttft.contains(configuration)) << configuration;
    const double interactivity_cap = at_40.at(configuration)["tps_per_gpu"].get<double>();
    const double ttft_cap = ttft.at(configuration)["tps_per_gpu"].get<double>();
    EXPECT_DOUBLE_EQ(row["tps_per_gpu"].get<double>(), std::min(interactivity_cap, ttft_cap)) << configuration;
    const bool ttft_binds = ttft_cap < interactivity_cap;
    binding_ttft += ttft_binds ? 1 : 0;
    EXPECT_EQ(row["binding_limit"], ttft_binds ? "ttft_p99<=1.5s" : "interactivity>=40") << configuration;
    // The best measured point meeting both limits never beats the curves' operating point.
    if (!row["measured"].is_null()) {
      EXPECT_LE(row["measured"]["tps_per_gpu"].get<double>(), row["tps_per_gpu"].get<double>() * (1 + 1e-9));
      const json& goodput = row["measured"]["goodput"];
      if (!goodput.is_null()) {
        EXPECT_GE(goodput["share_of_requests_at_least"].get<double>(), 0.39);
        EXPECT_THAT(goodput["basis"].get<std::string>(), HasSubstr("no per-request data"));
      }
    }
  }
  EXPECT_GT(bound, 10u);
  EXPECT_GT(binding_ttft, 0u);
  EXPECT_LT(binding_ttft, bound);

  const CliResult bad = run({"slo", "--model", k_model, "--slo", "interactivity>=40,ttft_p99>=2s"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("bad limit \"ttft_p99>=2s\": a latency is a ceiling: use <="));
}

TEST_F(ServiceLevelCli, a_preset_names_its_limits_in_slo_and_plan)
{
  const json chat = run_json({"slo", "--model", k_model, "--preset", "chat"});
  EXPECT_EQ(chat, run_json({"slo", "--model", k_model, "--slo", "interactivity>=50,ttft_p99<=2s"}));
  EXPECT_EQ(run_json({"slo", "--model", k_model, "--slo-preset", "chat"}), chat);
  const std::vector<std::string> fleet = {"plan", "--model", k_model, "--demand", "40T", "--gpus-per-rack", "8"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = fleet;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_json(std::move(args));
  };
  EXPECT_EQ(with({"--slo-preset", "reasoning"}), with({"--slo", "interactivity>=30,e2el_p90<=120s"}));

  const CliResult unknown = run({"slo", "--model", k_model, "--preset", "interactive"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("--preset: unknown preset 'interactive' (expected chat, reasoning or batch)"));
  const CliResult both = run({"plan", "--model", k_model, "--demand", "40T", "--slo", "interactivity>=10",
                              "--slo-preset", "batch"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_THAT(both.err, HasSubstr("--slo and --slo-preset: give one of them"));
  const CliResult neither = run({"slo", "--model", k_model});
  EXPECT_EQ(neither.exit_code, 2);
  EXPECT_THAT(neither.err, HasSubstr("--slo or --preset is required"));
}

TEST_F(ServiceLevelCli, the_glance_tables_preset_columns_are_the_slo_answers_under_each_preset)
{
  const json glance = run_json({"glance", "--model", k_model});
  ASSERT_EQ(glance["slo_columns"].size(), 3u);
  std::size_t with_values = 0;
  for (std::size_t column = 0; column < glance["slo_columns"].size(); ++column) {
    const json& preset = glance["slo_columns"][column];
    const json slo = run_json({"slo", "--model", k_model, "--slo", preset["slo"].get<std::string>()});
    std::map<std::string, json> by_configuration;
    for (const json& row : slo["rows"]) {
      by_configuration[row["configuration"].get<std::string>()] = row;
    }
    ASSERT_EQ(by_configuration.size(), glance["rows"].size());
    for (const json& row : glance["rows"]) {
      const json& cell = row["slo_cells"][column];
      const json& answer = by_configuration.at(row["configuration"].get<std::string>());
      EXPECT_EQ(cell["tps_per_gpu"], answer["tps_per_gpu"]) << row["configuration"] << " " << preset["key"];
      EXPECT_EQ(cell["binding_limit"], answer["binding_limit"]) << row["configuration"] << " " << preset["key"];
      EXPECT_EQ(cell["none_reason"], answer["none_reason"]) << row["configuration"] << " " << preset["key"];
      with_values += cell["tps_per_gpu"].is_null() ? 0 : 1;
    }
  }
  EXPECT_GT(with_values, glance["rows"].size()); // this capture reports latencies: chat and reasoning have values too

  // Runs that report both latencies: each preset has a value, bound by the limit named after it.
  const CliResult table = run({"glance", "--model", k_model, "--hardware", "b200", "--framework", "sglang",
                               "--precision", "fp4", "--spec-method", "none"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("170              chat              reasoning                  batch\n"));
  EXPECT_THAT(table.out, HasSubstr("agg 1024/1024  2026-05-22  median_tpot    >= 901"));
  EXPECT_THAT(table.out, HasSubstr("43    291 (ttft_p99)    901 (interactivity)    901 (interactivity)\n"));
  EXPECT_THAT(table.out, HasSubstr("732 (ttft_p99)         485 (e2el_p90)  1,263 (interactivity)\n"));
}

TEST_F(ServiceLevelCli, the_best_fleet_ranks_every_configuration_by_cost)
{
  // Only GB200's cost figures give a rack size: the others are sized in racks of 72 here.
  const json answer = run_json({"plan", "--model", k_model, "--demand", "40T", "--slo",
                                "interactivity>=40,ttft_p99<=1.5s", "--gpus-per-rack", "72"});
  EXPECT_EQ(answer["rank_by"], "cost");
  const json& ranked = answer["ranked"];
  ASSERT_GT(ranked.size(), 5u);
  for (std::size_t i = 1; i < ranked.size(); ++i) {
    EXPECT_LE(ranked[i - 1]["plan"]["cost_per_day"].get<double>(), ranked[i]["plan"]["cost_per_day"].get<double>());
  }
  for (const json& entry : ranked) {
    const json& plan = entry["plan"];
    // Each price charges the whole fleet's cost to one kind of token.
    const double input_per_day = plan["demand_input_per_s"].get<double>() * 86400;
    EXPECT_NEAR(entry["cost_per_million_input_tokens"].get<double>(),
                plan["cost_per_day"].get<double>() / (input_per_day / 1e6), 1e-9 * plan["cost_per_day"].get<double>());
    const json& range = entry["uncertainty"]["over_utilization"]["cost_per_day"];
    EXPECT_LE(range["low"].get<double>(), plan["cost_per_day"].get<double>());
    EXPECT_GE(range["high"].get<double>(), plan["cost_per_day"].get<double>());
  }
  // The cheapest fleet, when interactivity binds it, is the plan at that interactivity.
  for (const json& entry : ranked) {
    if (entry["service_level"]["binding_limit"] != "interactivity>=40") {
      continue;
    }
    const std::string configuration = entry["configuration"];
    for (const json& plan :
         run_json({"plan", "--model", k_model, "--demand", "40T", "--at", "40", "--gpus-per-rack", "72"})) {
      if (plan["configuration"] == configuration) {
        EXPECT_DOUBLE_EQ(plan["plan"]["cost_per_day"].get<double>(), entry["plan"]["cost_per_day"].get<double>());
        EXPECT_EQ(plan["plan"]["racks"], entry["plan"]["racks"]);
      }
    }
    break;
  }
  EXPECT_FALSE(answer["unranked"].empty()); // configurations no point of which meets the target, with the reason
  EXPECT_THAT(answer["caveats"][0].get<std::string>(), HasSubstr("fleets mixing configurations are not planned"));

  const json by_power =
    run_json({"plan", "--model", k_model, "--demand", "40T", "--slo", "interactivity>=40", "--rank-by", "mw",
              "--gpus-per-rack", "72"});
  for (std::size_t i = 1; i < by_power["ranked"].size(); ++i) {
    EXPECT_LE(by_power["ranked"][i - 1]["plan"]["power_mw"].get<double>(),
              by_power["ranked"][i]["plan"]["power_mw"].get<double>());
  }
  const CliResult bad = run({"plan", "--model", k_model, "--demand", "40T", "--slo", "interactivity>=40",
                             "--rank-by", "speed"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--rank-by: expected cost, power (or mw) or gpus"));
}

TEST_F(ServiceLevelCli, answers_the_inverse_questions)
{
  const json per_million =
    run_json({"plan", "--model", k_model, "--max-cost-per-million", "0.5"});
  std::size_t answered = 0;
  for (const json& row : per_million) {
    if (row["position"].is_null()) {
      continue;
    }
    ++answered;
    // At the answer, $/M = $/GPU-hr / (tok/s/GPU x 3600 / 1e6) is at most the cap.
    const double cost = row["hardware"]["cost_per_gpu_hour"].get<double>();
    const double tps = row["position"]["tps_per_gpu"].get<double>();
    EXPECT_LE(cost / (tps * 3600 / 1e6), 0.5 * (1 + 1e-9)) << row["configuration"];
  }
  EXPECT_GT(answered, 5u);

  const json served = run_json({"plan", "--model", k_model, "--megawatts", "50", "--at", "40"});
  for (const json& row : served) {
    if (row["plan"].is_null()) {
      continue;
    }
    EXPECT_LE(row["plan"]["power_mw"].get<double>(), 50.0);
    EXPECT_GT(row["tokens_per_day"].get<double>(), 0);
  }

  const CliResult both = run({"plan", "--model", k_model, "--megawatts", "50", "--max-cost-per-day", "1e6",
                              "--at", "40"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_THAT(both.err, HasSubstr("exactly one of"));
}

TEST_F(ServiceLevelCli, the_bundled_data_has_no_latencies_and_says_so)
{
  const json answer = run_json({"slo", "--model", "DeepSeek-V4-Pro", "--slo", "interactivity>=50,ttft_p99<=2s"});
  ASSERT_FALSE(answer["rows"].empty());
  std::size_t reachable = 0;
  for (const json& row : answer["rows"]) {
    EXPECT_TRUE(row["tps_per_gpu"].is_null());
    EXPECT_TRUE(row["limits"][1]["reading"].is_null());
    // The first limit that fails is named: past interactivity, the missing statistic.
    if (row["limits"][0]["reading"]["state"] != "unreachable") {
      ++reachable;
      EXPECT_THAT(row["none_reason"].get<std::string>(), HasSubstr("reports no P99 time to first token"));
    }
  }
  EXPECT_GT(reachable, 0u);
  // Interactivity alone still has an answer on the bundled runs.
  const json alone = run_json({"slo", "--model", "DeepSeek-V4-Pro", "--slo", "interactivity>=50"});
  bool any = false;
  for (const json& row : alone["rows"]) {
    any = any || !row["tps_per_gpu"].is_null();
  }
  EXPECT_TRUE(any);
}

// Every plan on an interpolated value gives its range: each bracket planned alone is the plan of that point.
TEST(PlanUncertaintyCli, each_bracket_alone_is_the_plan_of_that_point)
{
  TempDir dir;
  test_engine::TestDatabase database;
  const std::string db = database.locator();
  const auto plan_json = [&](std::vector<std::string> args) {
    args.insert(args.end(), {"--db", db, "--json"});
    const CliResult result = run_cli(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return json::parse(result.out);
  };
  const json plans = plan_json({"plan", "--model", "DeepSeek-V4.1-Flash", "--at", "100", "--demand", "155T"});
  std::size_t checked = 0;
  for (const json& answer : plans) {
    if (answer["plan"].is_null() || answer["interpolation"]["state"] != "interpolated") {
      continue;
    }
    const json& uncertainty = answer["uncertainty"];
    const double cost = answer["plan"]["cost_per_day"].get<double>();
    EXPECT_LE(uncertainty["over_brackets"]["cost_per_day"]["low"].get<double>(), cost);
    EXPECT_GE(uncertainty["over_brackets"]["cost_per_day"]["high"].get<double>(), cost);
    EXPECT_LE(uncertainty["over_utilization"]["cost_per_day"]["low"].get<double>(), cost);
    for (const auto& [side, id] : {std::pair{"lower_bracket_alone", "lower_result_id"},
                                   std::pair{"upper_bracket_alone", "upper_result_id"}}) {
      const std::string point = answer["interpolation"][id];
      const json alone = plan_json({"plan", "--point", point, "--demand", "155T"});
      ASSERT_EQ(alone.size(), 1u);
      EXPECT_DOUBLE_EQ(uncertainty[side]["cost_per_day"].get<double>(), alone[0]["plan"]["cost_per_day"].get<double>())
        << point;
      EXPECT_EQ(uncertainty[side]["racks"], alone[0]["plan"]["racks"]) << point;
    }
    ++checked;
  }
  EXPECT_GT(checked, 0u);
  // A measured point has no brackets: its range comes from the utilisation alone.
  const json measured = plan_json({"plan", "--point", "444914", "--demand", "40T"});
  EXPECT_TRUE(measured[0]["uncertainty"]["lower_bracket_alone"].is_null());
  EXPECT_DOUBLE_EQ(measured[0]["uncertainty"]["over_brackets"]["cost_per_day"]["low"].get<double>(),
                   measured[0]["plan"]["cost_per_day"].get<double>());
}

}  // namespace
}  // namespace infertrack::test
