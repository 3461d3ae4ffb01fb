#include "infertrack/server/api/api_routes.hpp"

#include "api_route_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infertrack::server::api {
namespace {

using nlohmann::json;
using test_support::expect_error;
using test_support::Query;
using testing::HasSubstr;

class ChangesRoute : public testing::Test, protected test_support::BundledTracker
{
protected:
  http::Response get(Query query) { return test_support::api_get(*store, "/api/v1/changes", std::move(query)); }

  json get_json(Query query)
  {
    const http::Response response = get(std::move(query));
    EXPECT_EQ(response.route, "/api/v1/changes");
    return test_support::ok_json(response, "/api/v1/changes");
  }
};

TEST_F(ChangesRoute, lists_the_mi355x_jumps_newest_first)
{
  const json answer = get_json({{"model", "dsv4"}, {"hardware", "mi355x"}, {"join_precisions", "true"}});
  EXPECT_EQ(answer["model"], "DeepSeek-V4-Pro");
  ASSERT_EQ(answer["findings"].size(), 4u);
  EXPECT_EQ(answer["findings"][0]["later"]["date"], "2026-05-21");
  EXPECT_EQ(answer["findings"][3]["earlier"]["precision"], "fp8");
  EXPECT_EQ(answer["findings"][3]["id"],
            "DeepSeek-V4-Pro mi355x sglang fp4/fp8 none agg 8192/1024/2026-04-25/2026-05-02/improvement");
  EXPECT_GT(answer["findings"][3]["percent"].get<double>(), 1900);
}

TEST_F(ChangesRoute, is_the_cli_answer_for_the_same_question)
{
  const json answer = get_json({{"model", "DeepSeek-V4-Pro"}, {"threshold", "0.5"}, {"since", "2026-05-03"}});
  EXPECT_EQ(answer["threshold"], 0.5);
  EXPECT_EQ(answer["since"], "2026-05-03");
  for (const json& finding : answer["findings"]) {
    EXPECT_GE(finding["later"]["date"].get<std::string>(), "2026-05-03");
    EXPECT_GE(std::abs(finding["percent"].get<double>()), 50 - 1e-9);
  }
}

TEST_F(ChangesRoute, refuses_bad_parameters_by_name)
{
  expect_error(get({{"model", "dsv4"}, {"threshold", "-1"}}), 400, "bad_parameter", "threshold:");
  expect_error(get({{"model", "dsv4"}, {"since", "May"}}), 400, "bad_parameter", "since");
  expect_error(get({{"model", "dsv4"}, {"at", "100"}}), 400, "bad_parameter", "at");
  expect_error(get({}), 400, "bad_parameter", "model");
  expect_error(get({{"model", "NoSuchModel"}}), 404, "unknown_model", "NoSuchModel");
}

}  // namespace
}  // namespace infertrack::server::api
