#include "infertrack/server/api/api_routes.hpp"

#include "api_route_test_support.hpp"
#include "infertrack/app/tracker_version.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infertrack::server::api {
namespace {

using nlohmann::json;
using test_support::expect_error;
using test_support::Query;
using testing::HasSubstr;
using testing::StartsWith;

class ExportRoute : public testing::Test, protected test_support::BundledTracker
{
protected:
  http::Response get(const std::string& path, Query query = {})
  {
    return test_support::api_get(*store, path, std::move(query));
  }

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

TEST_F(ExportRoute, json_export_carries_the_routes_rows_and_provenance_as_an_attachment)
{
  const Query query = {{"model", "DeepSeek-V4-Pro"}, {"at", "5"}};
  Query export_query = query;
  export_query.emplace_back("format", "json");
  const http::Response exported = get("/api/v1/export/interpolations", export_query);
  ASSERT_EQ(exported.status, 200) << exported.body;
  EXPECT_EQ(exported.content_type, "application/json");
  EXPECT_EQ(header(exported, "Content-Disposition"),
            "attachment; filename=\"infertrack-interpolations-DeepSeek-V4-Pro-at5-latest.json\"");
  EXPECT_EQ(exported.route, "/api/v1/export/{kind}");
  const json document = json::parse(exported.body);
  const http::Response route = get("/api/v1/interpolate", query);
  ASSERT_EQ(route.status, 200) << route.body;
  EXPECT_EQ(document["interpolations"], json::parse(route.body)["rows"]);
  EXPECT_EQ(document["provenance"]["tracker_version"], std::string(app::k_tracker_version));
  EXPECT_EQ(document["provenance"]["brackets"].size(), document["interpolations"].size());
}

TEST_F(ExportRoute, each_kind_answers_under_its_route_name_too)
{
  const std::vector<std::pair<std::string, Query>> kinds = {
    {"points", {{"model", "DeepSeek-V4-Pro"}}},
    {"frontier", {{"model", "DeepSeek-V4-Pro"}, {"x", "median"}}},
    {"interpolate", {{"model", "DeepSeek-V4-Pro"}, {"at", "5"}}},
    {"history", {{"model", "DeepSeek-V4-Pro"}, {"at", "5"}, {"as_of", "2026-06-01"}}},
    {"plan", {{"model", "DeepSeek-V4-Pro"}, {"hardware", "gb200"}, {"at", "20"}, {"demand", "40T"}}},
  };
  for (const auto& [kind, query] : kinds) {
    Query with_format = query;
    with_format.emplace_back("format", "csv");
    const http::Response exported = get("/api/v1/export/" + kind, with_format);
    ASSERT_EQ(exported.status, 200) << kind << ": " << exported.body;
    EXPECT_EQ(exported.content_type, "text/csv; charset=utf-8");
    EXPECT_THAT(exported.body, StartsWith("# infertrack export: "));
    EXPECT_THAT(header(exported, "Content-Disposition"), StartsWith("attachment; filename=\"infertrack-"));
    EXPECT_THAT(header(exported, "Content-Disposition"), HasSubstr(".csv\""));
  }
  // The JSON default, with the plan's constants.
  const http::Response plan =
    get("/api/v1/export/plans", {{"model", "DeepSeek-V4-Pro"}, {"hardware", "gb200"}, {"at", "20"}, {"demand", "40T"}});
  ASSERT_EQ(plan.status, 200) << plan.body;
  const json constants = json::parse(plan.body)["provenance"]["constants"];
  ASSERT_FALSE(constants.empty());
  EXPECT_FALSE(constants[0]["effective_date"].get<std::string>().empty());
}

TEST_F(ExportRoute, the_history_export_records_its_as_of_date)
{
  const http::Response exported = get(
    "/api/v1/export/history", {{"model", "DeepSeek-V4-Pro"}, {"at", "5"}, {"as_of", "2026-05-01"}, {"format", "csv"}});
  ASSERT_EQ(exported.status, 200) << exported.body;
  EXPECT_THAT(exported.body, HasSubstr("\n# as_of: 2026-05-01\n"));
  EXPECT_THAT(header(exported, "Content-Disposition"), HasSubstr("-2026-05-01.csv"));
}

// The constants an export records are those its rows were priced with: of the as-of date's state, else today's.
TEST_F(ExportRoute, an_exports_constants_match_its_as_of_date)
{
  const Query plan = {{"model", "dsv4"}, {"hardware", "gb200"}, {"at", "100"}, {"demand", "40T"}, {"format", "csv"}};
  auto with = [&](std::pair<std::string, std::string> more) {
    Query query = plan;
    query.push_back(std::move(more));
    return query;
  };
  const http::Response as_of = get("/api/v1/export/plans", with({"as_of", "2026-10-20"}));
  ASSERT_EQ(as_of.status, 200) << as_of.body;
  EXPECT_THAT(as_of.body, HasSubstr("\n# as_of: 2026-10-20\n"));
  EXPECT_THAT(as_of.body, HasSubstr("effective 2026-07-01"));
  const http::Response dated = get("/api/v1/export/plans", with({"date", "2026-10-14"}));
  ASSERT_EQ(dated.status, 200) << dated.body;
  EXPECT_THAT(dated.body, HasSubstr("\n# as_of: latest\n"));
  EXPECT_THAT(dated.body, HasSubstr("effective 2026-11-02"));
}

TEST_F(ExportRoute, an_export_of_one_run_date_is_named_by_that_date)
{
  const http::Response exported = get(
    "/api/v1/export/points", {{"model", "DeepSeek-V4.1-Flash"}, {"date", "2026-10-07"}, {"format", "csv"}});
  ASSERT_EQ(exported.status, 200) << exported.body;
  // The runs of that date, as the tracker stands: its as-of state is the latest, and the date is the query's.
  EXPECT_THAT(exported.body, HasSubstr("\n# as_of: latest\n"));
  EXPECT_THAT(exported.body, HasSubstr("\n# query.date: 2026-10-07\n"));
  EXPECT_THAT(header(exported, "Content-Disposition"), HasSubstr("-2026-10-07.csv"));
}

TEST_F(ExportRoute, a_points_export_lists_the_latest_runs_when_asked_as_the_listing_does)
{
  const auto ids = [](const json& points) {
    std::vector<std::string> result;
    for (const json& point : points) {
      result.push_back(point["result_id"].get<std::string>());
    }
    return result;
  };
  for (const std::string runs : {"latest", "all"}) {
    const Query query = {{"model", "DeepSeek-V4-Pro"}, {"hardware", "mi355x"}, {"runs", runs}};
    Query export_query = query;
    export_query.emplace_back("format", "json");
    const http::Response exported = get("/api/v1/export/points", export_query);
    ASSERT_EQ(exported.status, 200) << exported.body;
    const json document = json::parse(exported.body);
    const http::Response listing = get("/api/v1/points", query);
    ASSERT_EQ(listing.status, 200) << listing.body;
    const json listed = json::parse(listing.body);
    ASSERT_TRUE(listed["next"].is_null());
    EXPECT_EQ(ids(document["points"]), ids(listed["points"])) << runs;
    EXPECT_EQ(document["provenance"]["query"]["runs"], runs);
  }
  // The bundled MI355X data has several run dates, so the latest runs are fewer than every point.
  const json latest = json::parse(get("/api/v1/export/points", {{"model", "DeepSeek-V4-Pro"}, {"hardware", "mi355x"},
                                                                 {"runs", "latest"}, {"format", "json"}})
                                    .body);
  const json all = json::parse(
    get("/api/v1/export/points", {{"model", "DeepSeek-V4-Pro"}, {"hardware", "mi355x"}, {"format", "json"}}).body);
  EXPECT_LT(latest["points"].size(), all["points"].size());
  expect_error(get("/api/v1/export/points", {{"runs", "newest"}}), 400, "bad_parameter",
               "runs: expected all or latest (got 'newest')");
}

TEST_F(ExportRoute, refusals_name_the_parameter)
{
  expect_error(get("/api/v1/export/tables", {{"model", "DeepSeek-V4-Pro"}}), 404, "unknown_export", "'tables'");
  expect_error(get("/api/v1/export/points", {{"format", "xml"}}), 400, "bad_parameter",
               "format: expected csv or json (got 'xml')");
  expect_error(get("/api/v1/export/points", {{"format", "csv"}, {"format", "json"}}), 400, "bad_parameter",
               "format: given more than once");
  expect_error(get("/api/v1/export/interpolations", {{"model", "DeepSeek-V4-Pro"}}), 400, "bad_parameter", "at: required");
  expect_error(get("/api/v1/export/frontiers", {{"model", "DeepSeek-V4-Pro"}, {"x", "p50"}}), 400, "bad_parameter",
               "x: expected auto, p90_itl (or p90) or median_tpot (or median)");
  expect_error(get("/api/v1/export/points", {{"limit", "5"}}), 400, "bad_parameter", "limit: unknown parameter");
  // An export of history takes the history route's parameters but for paging, and says so.
  expect_error(get("/api/v1/export/history", {{"model", "dsv4"}, {"bogus", "1"}}), 400, "bad_parameter",
               "bogus: unknown parameter (expected at, x, metric, from, to, launch_date, join_precisions, model, ");
  expect_error(get("/api/v1/export/history", {{"model", "dsv4"}, {"limit", "5"}}), 400, "bad_parameter",
               "limit: unknown parameter (expected at, x, metric, from, to, launch_date, join_precisions, model, ");
  expect_error(get("/api/v1/export/history", {{"model", "No-Such-Model"}, {"at", "5"}}), 404, "unknown_model",
               "No-Such-Model");
  expect_error(get("/api/v1/export/history", {{"model", "DeepSeek-V4-Pro"}, {"at", "5"}, {"from", "2026-05-01"}}),
               400, "bad_parameter", "to: required as well: an improvement is between two run dates");
  expect_error(get("/api/v1/export/plans", {{"point", "no-such-id"}, {"demand", "1B"}}), 404, "unknown_point",
               "no-such-id");
  expect_error(get("/api/v1/export/plans", {{"model", "DeepSeek-V4-Pro"}, {"at", "5"}, {"preset", "nope"}}), 400,
               "bad_parameter", "preset: unknown preset 'nope'");
}

TEST_F(ExportRoute, only_get_is_allowed)
{
  http::Request request;
  request.method = "POST";
  request.path = "/api/v1/export/points";
  const auto response = test_support::documented_api(request, *store);
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ(response->status, 405);
}

TEST_F(ExportRoute, openapi_documents_the_route)
{
  const json document = json::parse(openapi_document());
  ASSERT_TRUE(document["paths"].contains("/export/{kind}")) << document["paths"].dump().substr(0, 300);
  const json& get_op = document["paths"]["/export/{kind}"]["get"];
  EXPECT_TRUE(get_op["responses"].contains("200"));
  EXPECT_TRUE(get_op["responses"].contains("404"));
}

}  // namespace
}  // namespace infertrack::server::api
