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

class HistoryRoute : public testing::Test, protected test_support::BundledTracker
{
protected:
  http::Response get(Query query) { return test_support::api_get(*store, "/api/v1/history", std::move(query)); }

  json get_json(Query query)
  {
    const http::Response response = get(std::move(query));
    EXPECT_EQ(response.route, "/api/v1/history");
    return test_support::ok_json(response, "/api/v1/history");
  }
};

TEST_F(HistoryRoute, answers_one_value_per_run_date_of_each_configuration)
{
  const json answer = get_json({{"model", "dsv4"}, {"at", "5"}, {"hardware", "mi355x"}});
  EXPECT_EQ(answer["model"], "DeepSeek-V4-Pro");
  EXPECT_EQ(answer["target_interactivity"], 5);
  ASSERT_EQ(answer["rows"].size(), 2u);
  // ConfigGroupKey order: fp4 before fp8.
  const json& fp4 = answer["rows"][0];
  EXPECT_EQ(fp4["precision"], "fp4");
  ASSERT_EQ(fp4["points"].size(), 4u);
  EXPECT_EQ(fp4["points"][0]["date"], "2026-05-02");
  EXPECT_EQ(fp4["points"][0]["days_since_launch"], 8);
  EXPECT_EQ(fp4["points"][0]["value"]["state"], "interpolated");
  EXPECT_EQ(fp4["points"][3]["value"]["tps_per_gpu"], 2256.1);
  const json& fp8 = answer["rows"][1];
  EXPECT_EQ(fp8["points"][0]["value"]["state"], "unreachable");
  EXPECT_TRUE(fp8["points"][0]["value"]["tps_per_gpu"].is_null());
  EXPECT_THAT(fp8["points"][0]["gap_reason"].get<std::string>(), HasSubstr("2.43"));
}

TEST_F(HistoryRoute, is_the_cli_json_shape_with_from_to_and_defaults)
{
  const json answer = get_json({{"model", "DeepSeek-V4-Pro"},
                                {"precision", "fp4"},
                                {"hardware", "mi355x"},
                                {"at", "10"},
                                {"x", "median"},
                                {"metric", "total"},
                                {"from", "2026-05-04"},
                                {"to", "2026-05-21"}});
  ASSERT_EQ(answer["rows"].size(), 1u);
  const json& between = answer["rows"][0]["between"];
  EXPECT_EQ(between["from_date"], "2026-05-04");
  EXPECT_EQ(between["to_date"], "2026-05-21");
  EXPECT_GT(between["factor"].get<double>(), 1);
  // Without a target, the headline's 100 tok/s/user: the slow MI355X runs never got there.
  const json default_target = get_json({{"model", "DeepSeek-V4-Pro"}, {"hardware", "mi355x"}});
  EXPECT_EQ(default_target["target_interactivity"], 100);
  for (const json& row : default_target["rows"]) {
    for (const json& point : row["points"]) {
      EXPECT_EQ(point["value"]["state"], "unreachable");
    }
  }
}

// The server passes a cache of run frontiers: answers must be the uncached ones, target after target.
TEST_F(HistoryRoute, answers_the_same_with_kept_frontiers_for_each_new_target)
{
  app::HistoryCache cache;
  for (const std::string at : {"5", "2.43", "20", "1", "100"}) {
    for (const std::string as_of : {"", "2026-05-10"}) {
      http::Request request;
      request.method = "GET";
      request.path = "/api/v1/history";
      request.target = request.path;
      request.query = {{"model", "DeepSeek-V4-Pro"}, {"at", at}};
      if (!as_of.empty()) {
        request.query.emplace_back("as_of", as_of);
      }
      const auto cached = test_support::documented_api(request, *store, &cache);
      const auto uncached = test_support::documented_api(request, *store);
      ASSERT_TRUE(cached && uncached);
      EXPECT_EQ(cached->status, 200) << cached->body;
      EXPECT_EQ(cached->body, uncached->body) << "at " << at << " as_of " << as_of;
    }
  }
  EXPECT_EQ(cache.entries(), 2u); // one set of frontiers per as-of date, whatever the target
}

// join_precisions=true answers the CLI's --join-precisions: configurations that differ only in precision as one row,
// and pages count those rows.
TEST_F(HistoryRoute, joins_precisions_when_asked)
{
  const json apart = get_json({{"model", "DeepSeek-V4-Pro"}, {"at", "2"}});
  const json joined = get_json({{"model", "DeepSeek-V4-Pro"}, {"at", "2"}, {"join_precisions", "true"}});
  EXPECT_EQ(joined["configurations"].get<int>(), apart["configurations"].get<int>() - 1);
  std::vector<std::string> precisions;
  for (const json& row : joined["rows"]) {
    precisions.push_back(row["precision"]);
  }
  EXPECT_THAT(precisions, testing::Contains("fp4/fp8"));
  for (const json& row : apart["rows"]) {
    for (const json& point : row["points"]) {
      EXPECT_EQ(point["precision"], row["precision"]);
    }
  }
  const json second = get_json({{"model", "DeepSeek-V4-Pro"}, {"at", "2"}, {"join_precisions", "true"}, {"limit", "1"},
                                {"offset", "1"}});
  ASSERT_EQ(second["rows"].size(), 1u);
  EXPECT_EQ(second["rows"][0], joined["rows"][1]);
  EXPECT_EQ(get({{"model", "DeepSeek-V4-Pro"}, {"join_precisions", "maybe"}}).status, 400);
}

TEST_F(HistoryRoute, answers_one_page_of_configurations_at_a_time)
{
  const json whole = get_json({{"model", "DeepSeek-V4-Pro"}, {"at", "5"}});
  const std::size_t total = whole["configurations"].get<std::size_t>();
  ASSERT_GE(total, 3u);
  ASSERT_EQ(whole["rows"].size(), total); // the bundled data fits the default page
  EXPECT_EQ(whole["offset"], 0);
  EXPECT_EQ(whole["limit"], 50);
  EXPECT_TRUE(whole["next_offset"].is_null());

  // Walking pages of two gives the same rows, in the same order, and says where the next page starts.
  json walked = json::array();
  std::size_t offset = 0;
  for (int pages = 0; pages < 100; ++pages) {
    const json page =
      get_json({{"model", "DeepSeek-V4-Pro"}, {"at", "5"}, {"limit", "2"}, {"offset", std::to_string(offset)}});
    EXPECT_EQ(page["configurations"], total);
    EXPECT_EQ(page["offset"], offset);
    EXPECT_LE(page["rows"].size(), 2u);
    for (const json& row : page["rows"]) {
      walked.push_back(row);
    }
    if (page["next_offset"].is_null()) {
      break;
    }
    EXPECT_EQ(page["next_offset"], offset + 2);
    offset = page["next_offset"].get<std::size_t>();
  }
  EXPECT_EQ(walked, whole["rows"]);

  // Past the end: no rows and no next page, not an error or a 404.
  const json past = get_json({{"model", "DeepSeek-V4-Pro"}, {"offset", std::to_string(total + 5)}});
  EXPECT_TRUE(past["rows"].empty());
  EXPECT_TRUE(past["next_offset"].is_null());
}

TEST_F(HistoryRoute, launch_date_moves_the_days_since_launch)
{
  const json answer = get_json(
    {{"model", "dsv4"}, {"at", "5"}, {"hardware", "mi355x"}, {"precision", "fp4"}, {"launch_date", "2026-05-01"}});
  EXPECT_EQ(answer["launch_date"], "2026-05-01");
  ASSERT_EQ(answer["rows"].size(), 1u);
  EXPECT_EQ(answer["rows"][0]["points"][0]["days_since_launch"], 1);
  EXPECT_EQ(answer["rows"][0]["points"][3]["days_since_launch"], 20);
}

TEST_F(HistoryRoute, refuses_bad_parameters_naming_them)
{
  expect_error(get({{"model", "dsv4"}, {"limit", "0"}}), 400, "bad_parameter", "limit: expected 1 to 1000 (got 0)");
  expect_error(get({{"model", "dsv4"}, {"limit", "1001"}}), 400, "bad_parameter", "limit: expected 1 to 1000");
  expect_error(get({{"model", "dsv4"}, {"limit", "ten"}}), 400, "bad_parameter", "limit:");
  expect_error(get({{"model", "dsv4"}, {"offset", "-1"}}), 400, "bad_parameter", "offset: expected 0 or more");
  expect_error(get({{"model", "dsv4"}, {"at", "fast"}}), 400, "bad_parameter", "at: expected a finite number");
  expect_error(get({{"model", "dsv4"}, {"at", "-1"}}), 400, "bad_parameter", "at: expected a positive");
  expect_error(get({{"model", "dsv4"}, {"x", "p50"}}), 400, "bad_parameter", "x: expected auto, p90_itl (or p90) or median_tpot (or median)");
  expect_error(get({{"model", "dsv4"}, {"metric", "cost"}}), 400, "bad_parameter", "metric: expected total");
  expect_error(get({{"model", "dsv4"}, {"from", "May"}, {"to", "2026-05-21"}}), 400, "bad_parameter",
               "from: expected a date as YYYY-MM-DD (got 'May')");
  expect_error(get({{"model", "dsv4"}, {"from", "2026-05-02"}}), 400, "bad_parameter",
               "to: required as well: an improvement is between two run dates");
  expect_error(get({{"model", "dsv4"}, {"to", "2026-05-02"}}), 400, "bad_parameter",
               "from: required as well: an improvement is between two run dates");
  expect_error(get({{"model", "dsv4"}, {"from", "2026-05-21"}, {"to", "2026-05-02"}}), 400, "bad_parameter",
               "to: must not be before from, the earlier run date (got from 2026-05-21, to 2026-05-02)");
  expect_error(get({{"model", "dsv4"}, {"launch_date", "May"}}), 400, "bad_parameter", "launch_date: expected a date");
  expect_error(get({{"model", "dsv4"}, {"colour", "red"}}), 400, "bad_parameter", "colour: unknown parameter");
  expect_error(get({{"model", "Llama-9"}}), 404, "unknown_model", "no stored points for model 'Llama-9'");
}

}  // namespace
}  // namespace infertrack::server::api
