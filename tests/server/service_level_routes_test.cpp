// GET /api/v1/frontier?x=<latency>, /api/v1/slo, /api/v1/fleet and /api/v1/budget on the real InferenceX capture,
// every answer checked against docs/openapi.json.
#include "api_route_test_support.hpp"

#include "infertrack/app/ingest/ingest.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

namespace infertrack::server {
namespace {

using nlohmann::json;
using test_support::api_get;
using test_support::api_get_json;
using test_support::expect_error;
using testing::HasSubstr;

constexpr const char* k_model = "DeepSeek-R1-0528";

class ServiceLevelRoutes : public testing::Test, protected test_support::BundledTracker
{
protected:
  void SetUp() override
  {
    const std::filesystem::path capture =
      std::filesystem::path(INFERTRACK_SOURCE_DIR) / "tests/cases/inferencex/benchmarks-dsr1-latest.json";
    auto ingested = app::ingest_files(*store, std::span(&capture, 1));
    ASSERT_TRUE(ingested) << ingested.error().message;
  }
};

TEST_F(ServiceLevelRoutes, frontier_on_a_latency_axis_draws_seconds)
{
  const json answer = api_get_json(*store, "/api/v1/frontier", {{"model", k_model}, {"x", "e2el_p90"}});
  EXPECT_EQ(answer["metric"], "total");
  ASSERT_FALSE(answer["curves"].empty());
  for (const json& curve : answer["curves"]) {
    EXPECT_EQ(curve["axis"], "e2el_p90");
    EXPECT_EQ(curve["axis_unit"], "s");
    const json& samples = curve["samples"];
    for (std::size_t i = 1; i < samples.size(); ++i) {
      EXPECT_GT(samples[i][0].get<double>(), samples[i - 1][0].get<double>());
      EXPECT_GE(samples[i][1].get<double>() + 1e-9, samples[i - 1][1].get<double>());
    }
    for (const json& point : curve["points"]) {
      EXPECT_EQ(point["x"], point["latency_s"]["e2el"]["p90"]);
    }
  }
  // TTFT pairs with input throughput unless a metric is asked.
  const json ttft = api_get_json(*store, "/api/v1/frontier", {{"model", k_model}, {"x", "ttft_p99"}});
  EXPECT_EQ(ttft["metric"], "input");
  expect_error(api_get(*store, "/api/v1/frontier", {{"model", k_model}, {"x", "ttft_p95"}}), 400, "bad_parameter",
               "x: expected auto");
  expect_error(api_get(*store, "/api/v1/history", {{"model", k_model}, {"x", "ttft_p99"}}), 400, "bad_parameter",
               "x: history reads interactivity");
  expect_error(api_get(*store, "/api/v1/glance", {{"model", k_model}, {"x", "ttft_p99"}}), 400, "bad_parameter",
               "x: the glance table reads interactivity");
  expect_error(api_get(*store, "/api/v1/export/frontiers", {{"model", k_model}, {"x", "ttft_p99"}}), 400,
               "bad_parameter", "x: an export reads interactivity");
}

TEST_F(ServiceLevelRoutes, slo_answers_each_configuration_with_its_binding_limit)
{
  const json answer =
    api_get_json(*store, "/api/v1/slo", {{"model", k_model}, {"slo", "interactivity>=40,e2el_p90<=60s"}});
  EXPECT_EQ(answer["slo"], "interactivity>=40,e2el_p90<=60s");
  std::size_t bound = 0;
  for (const json& row : answer["rows"]) {
    if (row["tps_per_gpu"].is_null()) {
      EXPECT_FALSE(row["none_reason"].get<std::string>().empty());
      continue;
    }
    ++bound;
    // The binding limit's reading is the operating point.
    for (const json& limit : row["limits"]) {
      if (limit["binding"]) {
        EXPECT_EQ(limit["limit"], row["binding_limit"]);
        EXPECT_EQ(limit["reading"]["tps_per_gpu"], row["tps_per_gpu"]);
      } else {
        EXPECT_GE(limit["reading"]["tps_per_gpu"].get<double>(), row["tps_per_gpu"].get<double>());
      }
    }
  }
  EXPECT_GT(bound, 10u);
  expect_error(api_get(*store, "/api/v1/slo", {{"model", k_model}, {"slo", "ttft_p99<=2x"}}), 400, "bad_parameter",
               "slo: bad limit \"ttft_p99<=2x\"");
  expect_error(api_get(*store, "/api/v1/slo", {{"model", k_model}}), 400, "bad_parameter", "slo: required");
}

TEST_F(ServiceLevelRoutes, slo_presets_lists_each_preset_by_key_label_and_limits)
{
  const json presets = api_get_json(*store, "/api/v1/slo/presets", {});
  EXPECT_EQ(presets, json::parse(R"([
    {"key": "chat", "label": "Chat", "slo": "interactivity>=50,ttft_p99<=2s"},
    {"key": "reasoning", "label": "Reasoning", "slo": "interactivity>=30,e2el_p90<=120s"},
    {"key": "batch", "label": "Batch", "slo": "interactivity>=10"}])"));
  expect_error(api_get(*store, "/api/v1/slo/presets", {{"model", k_model}}), 400, "bad_parameter", "model");
}

TEST_F(ServiceLevelRoutes, glance_has_each_configurations_slo_answer_under_each_preset)
{
  const json glance = api_get_json(*store, "/api/v1/glance", {{"model", k_model}});
  EXPECT_EQ(glance["slo_columns"], api_get_json(*store, "/api/v1/slo/presets", {}));
  std::size_t chat_values = 0;
  for (std::size_t column = 0; column < glance["slo_columns"].size(); ++column) {
    const std::string slo = glance["slo_columns"][column]["slo"];
    const json answer = api_get_json(*store, "/api/v1/slo", {{"model", k_model}, {"slo", slo}});
    std::map<std::string, json> rows;
    for (const json& row : answer["rows"]) {
      rows[row["configuration"].get<std::string>()] = row;
    }
    ASSERT_EQ(rows.size(), glance["rows"].size()) << slo;
    for (const json& row : glance["rows"]) {
      const json& expected = rows.at(row["configuration"].get<std::string>());
      EXPECT_EQ(row["slo_cells"][column],
                (json{{"tps_per_gpu", expected["tps_per_gpu"]}, {"binding_limit", expected["binding_limit"]},
                      {"none_reason", expected["none_reason"]}}))
        << row["configuration"] << " " << slo;
      chat_values += column == 0 && !expected["tps_per_gpu"].is_null() ? 1 : 0;
    }
  }
  EXPECT_GT(chat_values, 10u); // the capture reports TTFT: chat has real operating points
}

TEST_F(ServiceLevelRoutes, fleet_ranks_what_the_cli_ranks)
{
  const json answer = api_get_json(
    *store, "/api/v1/fleet",
    {{"model", k_model},
     {"slo", "interactivity>=40,ttft_p99<=1.5s"},
     {"demand", "40T"},
     {"rank_by", "gpus"},
     {"gpus_per_rack", "72"}});
  EXPECT_EQ(answer["rank_by"], "gpus");
  const json& ranked = answer["ranked"];
  ASSERT_GT(ranked.size(), 2u);
  for (std::size_t i = 1; i < ranked.size(); ++i) {
    EXPECT_EQ(ranked[i]["rank"], i + 1);
    EXPECT_LE(ranked[i - 1]["plan"]["provisioned_gpus"].get<std::int64_t>(),
              ranked[i]["plan"]["provisioned_gpus"].get<std::int64_t>());
  }
  expect_error(api_get(*store, "/api/v1/fleet", {{"model", k_model}, {"slo", "interactivity>=40"}}), 400,
               "bad_parameter", "demand");
  expect_error(api_get(*store, "/api/v1/fleet",
                       {{"model", k_model}, {"slo", "interactivity>=40"}, {"demand", "40T"}, {"rank_by", "x"}}),
               400, "bad_parameter", "rank_by: expected cost");
}

TEST_F(ServiceLevelRoutes, budget_answers_the_inverse_questions)
{
  const json cap = api_get_json(*store, "/api/v1/budget", {{"model", k_model}, {"max_cost_per_million", "0.5"}});
  ASSERT_FALSE(cap["rows"].empty());
  const json power = api_get_json(
    *store, "/api/v1/budget", {{"model", k_model}, {"megawatts", "200"}, {"demand", "1T"}, {"gpus_per_rack", "72"}});
  std::size_t answered = 0;
  for (const json& row : power["rows"]) {
    if (!row["plan"].is_null()) {
      ++answered;
      EXPECT_LE(row["plan"]["power_mw"].get<double>(), 200.0);
      EXPECT_DOUBLE_EQ(row["tokens_per_day"].get<double>(), 1e12);
    }
  }
  EXPECT_GT(answered, 0u);
  expect_error(api_get(*store, "/api/v1/budget", {{"model", k_model}, {"megawatts", "50"}}), 400, "bad_parameter",
               "at: with a budget, give a demand");
}

}  // namespace
}  // namespace infertrack::server
