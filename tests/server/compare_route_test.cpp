#include "infertrack/server/api/compare_route.hpp"

#include "api_route_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace infertrack::server::api {
namespace {

using nlohmann::json;
using test_support::expect_error;
using test_support::Query;
using testing::HasSubstr;
using testing::StartsWith;

constexpr const char* k_fp8_launch = "DeepSeek-V4-Pro mi355x sglang fp8 none agg 8192/1024 2026-04-25";
constexpr const char* k_fp4_latest = "DeepSeek-V4-Pro mi355x sglang fp4";

// The filters that select one bundled MI355X run on its own, as the single routes take them.
Query
run_filters(const std::string& precision, const std::string& date)
{
  return {{"model", "DeepSeek-V4-Pro"}, {"hardware", "mi355x"}, {"framework", "sglang"}, {"precision", precision},
          {"spec_method", "none"},      {"disaggregated", "false"}, {"date", date}};
}

Query
with(Query query, const Query& more)
{
  query.insert(query.end(), more.begin(), more.end());
  return query;
}

class CompareRoute : public testing::Test, protected test_support::BundledTracker
{
protected:
  http::Response get(Query query) { return test_support::api_get(*store, "/api/v1/compare", std::move(query)); }
  json get_json(Query query) { return test_support::ok_json(get(std::move(query)), "/api/v1/compare"); }
};

TEST_F(CompareRoute, values_at_the_target_are_those_interpolate_answers_for_each_configuration)
{
  const json answer = get_json({{"a", k_fp8_launch}, {"b", k_fp4_latest}, {"at", "2"}, {"gpus_per_rack", "mi355x=8"}});
  EXPECT_EQ(answer["a"]["canonical_name"], k_fp8_launch);
  EXPECT_EQ(answer["b"]["canonical_name"], "DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 2026-05-21");
  EXPECT_EQ(answer["b"]["name"], k_fp4_latest);
  const std::pair<const char*, Query> sides[] = {{"a", run_filters("fp8", "2026-04-25")},
                                                 {"b", run_filters("fp4", "2026-05-21")}};
  for (const auto& [side, filters] : sides) {
    const json single = test_support::api_get_json(*store, "/api/v1/interpolate", with(filters, {{"at", "2"}}));
    ASSERT_EQ(single["rows"].size(), 1u) << side;
    EXPECT_EQ(answer[side]["value"], single["rows"][0]) << side;
    EXPECT_EQ(answer["at_target"][side], single["rows"][0]["value"]) << side;
    // The curve is the frontier route's, samples and all.
    const json frontier = test_support::api_get_json(*store, "/api/v1/frontier", filters);
    EXPECT_EQ(answer[side]["curve"], frontier["curves"][0]) << side;
  }
  // fp8 on launch day to fp4 26 days later: the README's ">= 91.7x", a lower bound since fp4 was never that slow.
  EXPECT_NEAR(answer["at_target"]["ratio"].get<double>(), 91.73, 0.01);
  EXPECT_EQ(answer["at_target"]["ratio_bound"], "at_least");
  EXPECT_EQ(answer["provenance"]["kind"], "compare");
  EXPECT_EQ(answer["provenance"]["runs"].size(), 2u);
  EXPECT_EQ(answer["provenance"]["query"]["a"], k_fp8_launch);
}

TEST_F(CompareRoute, plans_are_those_plan_answers_at_the_target_for_each_configuration)
{
  const Query asked = {{"at", "2"}, {"demand", "40T"}, {"gpus_per_rack", "mi355x=8"}};
  const json answer = get_json(with({{"a", k_fp8_launch}, {"b", k_fp4_latest}}, asked));
  EXPECT_EQ(answer["demand"], "40T");
  const std::pair<const char*, Query> sides[] = {{"a", run_filters("fp8", "2026-04-25")},
                                                 {"b", run_filters("fp4", "2026-05-21")}};
  for (const auto& [side, filters] : sides) {
    const json plans = test_support::api_get_json(*store, "/api/v1/plan", with(filters, asked));
    ASSERT_EQ(plans.size(), 1u) << side;
    EXPECT_EQ(answer[side]["plan"], plans[0]) << side;
    EXPECT_FALSE(answer[side]["plan"]["plan"].is_null()) << side;
  }
}

TEST_F(CompareRoute, one_configuration_on_two_dates_shares_the_targets_both_cover_and_names_the_settings_that_differ)
{
  const json answer = get_json({{"a", "DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 2026-05-02"},
                                {"b", "DeepSeek-V4-Pro mi355x sglang fp4 * * * 2026-05-21"}});
  // 2026-05-02 spans 3.61-23.89 tok/s/user, 2026-05-21 9.37-57.06: 10 and 20 lie in both.
  ASSERT_EQ(answer["targets"].size(), 2u);
  EXPECT_EQ(answer["targets"][0]["target"], 10);
  EXPECT_EQ(answer["targets"][1]["target"], 20);
  const json glance = test_support::api_get_json(
    *store, "/api/v1/glance", with(run_filters("fp4", "2026-05-21"), {}));
  EXPECT_EQ(answer["targets"][0]["b"], glance["rows"][0]["cells"][0]); // the glance table's cell at 10
  for (const json& target : answer["targets"]) {
    EXPECT_EQ(target["ratio_bound"], "exact");
    EXPECT_NEAR(target["ratio"].get<double>(),
                target["b"]["tps_per_gpu"].get<double>() / target["a"]["tps_per_gpu"].get<double>(), 1e-12);
  }
  EXPECT_EQ(answer["at_target"]["ratio"], nullptr); // 100 tok/s/user: neither was measured that fast
  EXPECT_EQ(answer["at_target"]["ratio_bound"], "none");
  for (const json& setting : answer["settings"]) {
    EXPECT_EQ(setting["differs"], setting["setting"] == "date") << setting.dump();
  }
}

TEST_F(CompareRoute, two_hardware_at_the_default_target)
{
  const json answer = get_json({{"a", "dsv4 gb200"}, {"b", "DeepSeek-V4-Pro mi355x sglang fp4"}});
  EXPECT_EQ(answer["at"], 100);
  EXPECT_EQ(answer["a"]["hardware"], "gb200");
  EXPECT_EQ(answer["a"]["value"]["value"]["state"], "interpolated");
  EXPECT_EQ(answer["b"]["value"]["value"]["state"], "unreachable");
  EXPECT_EQ(answer["b"]["plan"]["plan"], nullptr);
  bool hardware_differs = false;
  for (const json& setting : answer["settings"]) {
    hardware_differs |= setting["setting"] == "hardware" && setting["differs"] == true;
  }
  EXPECT_TRUE(hardware_differs);
}

TEST_F(CompareRoute, refuses_names_that_are_unknown_ambiguous_or_malformed_naming_the_side)
{
  expect_error(get({{"a", "DeepSeek-V4-Pro h100"}, {"b", k_fp4_latest}}), 404, "unknown_configuration",
               "a: no stored points for hardware 'h100' (stored: gb200, mi355x)");
  expect_error(get({{"a", "Llama-9"}, {"b", k_fp4_latest}}), 404, "unknown_configuration",
               "a: no stored points for model 'Llama-9'");
  expect_error(get({{"a", k_fp4_latest}, {"b", "DeepSeek-V4-Pro mi355x"}}), 400, "ambiguous_configuration",
               "b: 'DeepSeek-V4-Pro mi355x' names 2 configurations: DeepSeek-V4-Pro mi355x sglang fp4 none agg "
               "8192/1024; DeepSeek-V4-Pro mi355x sglang fp8 none agg 8192/1024");
  expect_error(get({{"a", k_fp4_latest}, {"b", "DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 2026-05-03"}}),
               404, "unknown_configuration", "b: no stored run of");
  expect_error(get({{"a", k_fp4_latest}, {"b", "DeepSeek-V4-Pro mi355x sglang fp4 none sideways"}}), 400,
               "bad_parameter", "b: layout: expected agg, disagg or * (got 'sideways')");
  expect_error(get({{"a", "* mi355x"}, {"b", k_fp4_latest}}), 400, "bad_parameter", "a: model: must be named");
  expect_error(get({{"b", k_fp4_latest}}), 400, "bad_parameter", "a: required");
  expect_error(get({{"a", k_fp4_latest}, {"b", k_fp4_latest}, {"model", "x"}}), 400, "bad_parameter",
               "model: unknown parameter");
  expect_error(get({{"a", k_fp4_latest}, {"b", k_fp4_latest}, {"format", "png"}}), 400, "bad_parameter", "format:");
  // As of a day before fp4 existed, its name has no run.
  expect_error(get({{"a", k_fp8_launch}, {"b", k_fp4_latest}, {"as_of", "2026-04-30"}}), 404,
               "unknown_configuration", "b: no stored run of 'DeepSeek-V4-Pro mi355x sglang fp4' on or before 2026-04-30");
}

TEST_F(CompareRoute, format_csv_is_a_download_with_provenance)
{
  const http::Response response =
    get({{"a", k_fp8_launch}, {"b", k_fp4_latest}, {"at", "2"}, {"format", "csv"}});
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.content_type, "text/csv; charset=utf-8");
  EXPECT_EQ(response.cache_control, "no-store");
  EXPECT_THAT(response.body, StartsWith("# infertrack export: compare\n"));
  EXPECT_THAT(response.body, HasSubstr("\ntarget,kind,a_tps_per_gpu,a_state,b_tps_per_gpu,b_state,ratio_b_over_a,"
                                       "ratio_bound\n2,target,"));
  bool named = false;
  for (const auto& [key, value] : response.headers) {
    named |= key == "Content-Disposition" &&
             value == "attachment; filename=\"infertrack-compare-DeepSeek-V4-Pro_mi355x_sglang_fp8_none_agg_8192_1024_"
                      "2026-04-25-vs-DeepSeek-V4-Pro_mi355x_sglang_fp4_none_agg_8192_1024_2026-05-21.csv\"";
  }
  EXPECT_TRUE(named);
}

}  // namespace
}  // namespace infertrack::server::api
