#include "infertrack/server/api/api_routes.hpp"

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

class GlanceRoute : public testing::Test, protected test_support::BundledTracker
{
protected:
  http::Response get(Query query) { return test_support::api_get(*store, "/api/v1/glance", std::move(query)); }

  static std::string header(const http::Response& response, const std::string& name)
  {
    for (const auto& [key, value] : response.headers) {
      if (key == name) {
        return value;
      }
    }
    return "";
  }
};

TEST_F(GlanceRoute, answers_each_configuration_at_every_ten_tok_s_user_of_the_measured_range)
{
  const http::Response response = get({{"model", "DeepSeek-V4.1-Flash"}});
  EXPECT_EQ(response.route, "/api/v1/glance");
  const json answer = test_support::ok_json(response, "/api/v1/glance");
  EXPECT_EQ(answer["model"], "DeepSeek-V4.1-Flash");
  EXPECT_EQ(answer["step"], 10);
  // The Flash frontiers span 85.7 to 132.5 tok/s/user together.
  ASSERT_EQ(answer["columns"].size(), 5u);
  EXPECT_EQ(answer["columns"][0], (json{{"label", "90 tok/s/user"}, {"interactivity", 90}}));
  EXPECT_EQ(answer["columns"][4]["interactivity"], 130);
  ASSERT_EQ(answer["rows"].size(), 2u);
  // sglang has one knot at 112.7: a lower bound below it, nothing above it.
  const json& sglang = answer["rows"][0];
  EXPECT_EQ(sglang["framework"], "sglang");
  ASSERT_EQ(sglang["cells"].size(), 5u);
  EXPECT_EQ(sglang["cells"][0]["state"], "clamped_low");
  EXPECT_EQ(sglang["cells"][3]["state"], "unreachable");
  EXPECT_TRUE(sglang["cells"][3]["tps_per_gpu"].is_null());
  EXPECT_EQ(answer["provenance"]["kind"], "glance");
  EXPECT_EQ(answer["provenance"]["runs"].size(), 2u);

  // Each cell is the interpolate route's value at its target.
  const json at_100 = test_support::api_get_json(*store, "/api/v1/interpolate", {{"model", "DeepSeek-V4.1-Flash"}, {"at", "100"}});
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(answer["rows"][i]["cells"][1], at_100["rows"][i]["value"]) << i;
  }
}

TEST_F(GlanceRoute, takes_the_filters_basis_and_metric)
{
  const json answer = test_support::ok_json(
    get({{"model", "dsv4"}, {"hardware", "mi355x"}, {"x", "median"}, {"metric", "output"}, {"as_of", "2026-05-10"}}),
    "/api/v1/glance");
  EXPECT_EQ(answer["model"], "DeepSeek-V4-Pro");
  EXPECT_EQ(answer["x"], "median_tpot");
  EXPECT_EQ(answer["metric"], "output");
  EXPECT_EQ(answer["provenance"]["as_of"], "2026-05-10");
  for (const json& row : answer["rows"]) {
    EXPECT_EQ(row["hardware"], "mi355x");
    EXPECT_LE(row["run_date"].get<std::string>(), "2026-05-10");
    EXPECT_EQ(row["cells"].size(), answer["columns"].size());
  }
}

TEST_F(GlanceRoute, csv_is_a_download_with_provenance_and_a_state_beside_each_value)
{
  const http::Response response = get({{"model", "DeepSeek-V4.1-Flash"}, {"format", "csv"}});
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.content_type, "text/csv; charset=utf-8");
  EXPECT_EQ(header(response, "Content-Disposition"),
            "attachment; filename=\"infertrack-glance-DeepSeek-V4.1-Flash-latest.csv\"");
  EXPECT_EQ(response.cache_control, "no-store");
  EXPECT_THAT(response.body, StartsWith("# infertrack export: glance\n"));
  EXPECT_THAT(response.body, HasSubstr("\nconfiguration,model,hardware,framework,precision,spec_method,disaggregated,"
                                       "workload,run_date,interactivity_basis,metric,90 tok/s/user,"
                                       "90 tok/s/user state,100 tok/s/user,"));
  // Unreachable: an empty value, and the state says why.
  EXPECT_THAT(response.body, HasSubstr("clamped_low,,unreachable,,unreachable,"));
  // Then a value and a binding column per service-level preset, each preset's limits in a leading line.
  EXPECT_THAT(response.body, HasSubstr("\n# slo.chat: interactivity>=50,ttft_p99<=2s\n# slo.reasoning: "
                                       "interactivity>=30,e2el_p90<=120s\n# slo.batch: interactivity>=10\n"));
  EXPECT_THAT(response.body, HasSubstr(",130 tok/s/user state,chat slo,chat slo binding,reasoning slo,"
                                       "reasoning slo binding,batch slo,batch slo binding\n"));
  EXPECT_THAT(response.body, HasSubstr("unreachable,,,,,361699.85709,interactivity>=10\n"));
}

TEST_F(GlanceRoute, refuses_as_the_other_routes_do)
{
  expect_error(get({}), 400, "bad_parameter", "model: required");
  expect_error(get({{"model", "GPT-9"}}), 404, "unknown_model", "GPT-9");
  expect_error(get({{"model", "dsv4"}, {"format", "xml"}}), 400, "bad_parameter", "format: expected csv or json");
  expect_error(get({{"model", "dsv4"}, {"at", "100"}}), 400, "bad_parameter", "at");
  expect_error(get({{"model", "dsv4"}, {"metric", "watts"}}), 400, "bad_parameter", "metric:");
}

}  // namespace
}  // namespace infertrack::server::api
