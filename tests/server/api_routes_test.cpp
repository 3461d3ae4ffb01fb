#include "infertrack/server/api/api_routes.hpp"

#include "api_route_test_support.hpp"
#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/formats/input_format.hpp"
#include "infertrack/server/api/benchmark_rows.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infertrack::server::api {
namespace {

using nlohmann::json;
using test_support::api_get;
using test_support::api_get_json;
using test_support::expect_error;
using test_support::ingest_curve_finding_data;
using test_support::Query;
using test_support::route_request;

class ApiRoutes : public testing::Test, protected test_support::BundledTracker
{
protected:
  http::Response get(const std::string& path, Query query = {}) { return api_get(*store, path, std::move(query)); }
  json get_json(const std::string& path, Query query = {}) { return api_get_json(*store, path, std::move(query)); }
};

TEST_F(ApiRoutes, leaves_other_paths_alone)
{
  EXPECT_FALSE(handle_api(route_request("GET", "/"), *store).has_value());
}

TEST_F(ApiRoutes, benchmarks_use_the_public_row_shape)
{
  const json rows = get_json("/api/v1/benchmarks", {{"model", "DeepSeek-V4-Pro"}});
  // Latest run per configuration: gb200 (2 points, 2026-10-14); on MI355X the fp8 configuration was only
  // run on 2026-04-25, the fp4 one last on 2026-05-21.
  std::map<std::string, int> by_hardware;
  for (const json& row : rows) {
    by_hardware[row["hardware"]]++;
    EXPECT_TRUE(row.contains("metrics"));
    EXPECT_TRUE(row["metrics"].contains("tput_per_gpu"));
    EXPECT_TRUE(row.contains("provenance"));
  }
  EXPECT_EQ(by_hardware["gb200"], 2);
  for (const json& row : rows) {
    if (row["hardware"] == "mi355x") {
      EXPECT_EQ(row["date"], row["precision"] == "fp4" ? "2026-05-21" : "2026-04-25");
      EXPECT_EQ(row["sequence"], "8k1k");
      EXPECT_EQ(row["benchmark_type"], "single_turn");
    }
  }
  const json& pro = rows[0]["hardware"] == "gb200" ? rows[0] : rows[rows.size() - 1];
  EXPECT_EQ(pro["disagg"], true);
}

TEST(AvailabilityRows, name_each_sequence_once_per_run_date)
{
  auto run = [](std::string workload, std::string date) {
    return domain::ConfigGroupKey{"M", "gb200", "vllm", "fp4", "none", false, std::move(workload), std::move(date)};
  };
  // Two workloads that round to one sequence give one row; a workload that is not ISL/OSL keeps its name.
  const std::vector<domain::ConfigGroupKey> runs = {
    run("8000/1024", "2026-05-01"), run("8192/1024", "2026-05-01"), run("8192/1024", "2026-05-02"),
    run("agentic", "2026-05-01"),   run("unspecified", "2026-05-01"), run("8192/x", "2026-05-01"),
  };
  std::vector<std::string> rows;
  for (const json& row : availability_rows(runs)) {
    rows.push_back(row["sequence"].get<std::string>() + " " + row["date"].get<std::string>());
  }
  EXPECT_EQ(rows, (std::vector<std::string>{"8k1k 2026-05-01", "8k1k 2026-05-02", "agentic-traces 2026-05-01",
                                            "unspecified 2026-05-01", "8192/x 2026-05-01"}));
}

TEST_F(ApiRoutes, benchmarks_as_of_and_exact_dates)
{
  const json as_of = get_json("/api/v1/benchmarks", {{"model", "dsv4"}, {"hardware", "mi355x"}, {"date", "2026-05-03"}});
  ASSERT_FALSE(as_of.empty());
  for (const json& row : as_of) {
    // The latest run on or before the date, per configuration.
    EXPECT_EQ(row["date"], row["precision"] == "fp4" ? "2026-05-02" : "2026-04-25");
  }
  const json exact =
    get_json("/api/v1/benchmarks", {{"model", "dsv4"}, {"date", "2026-04-25"}, {"exact", "true"}});
  ASSERT_EQ(exact.size(), 3);
  EXPECT_TRUE(get_json("/api/v1/benchmarks", {{"model", "dsv4"}, {"date", "2026-05-03"}, {"exact", "true"}}).empty());
}

TEST_F(ApiRoutes, frontier_sends_spline_samples_and_every_point)
{
  const json answer = get_json("/api/v1/frontier", {{"model", "DeepSeek-V4.1-Flash"}});
  ASSERT_EQ(answer["curves"].size(), 2);
  std::size_t points = 0;
  for (const json& curve : answer["curves"]) {
    EXPECT_EQ(curve["interactivity_basis"], "p90_itl");
    EXPECT_FALSE(curve["samples"].empty());
    points += curve["points"].size();
    // The drawn curve passes through the frontier's knots.
    EXPECT_DOUBLE_EQ(curve["samples"][0][0].get<double>(), curve["frontier"][0]["interactivity"].get<double>());
  }
  EXPECT_EQ(points, 3);
  const json median = get_json("/api/v1/frontier", {{"model", "DeepSeek-V4.1-Flash"}, {"x", "median"}, {"metric", "output"}});
  EXPECT_EQ(median["curves"][0]["interactivity_basis"], "median_tpot");
  // The basis an answer names can be passed back as x.
  EXPECT_TRUE(get_json("/api/v1/frontier", {{"model", "DeepSeek-V4.1-Flash"}, {"x", "median_tpot"}, {"metric", "output"}})
                ["curves"] == median["curves"]);
  EXPECT_TRUE(get_json("/api/v1/frontier", {{"model", "DeepSeek-V4.1-Flash"}, {"x", "p90_itl"}})["curves"] ==
              get_json("/api/v1/frontier", {{"model", "DeepSeek-V4.1-Flash"}, {"x", "p90"}})["curves"]);
}

TEST_F(ApiRoutes, interpolate_matches_the_cli_shape)
{
  const json answer = get_json("/api/v1/interpolate", {{"model", "DeepSeek-V4.1-Flash"}, {"at", "100"}});
  EXPECT_EQ(answer["target_interactivity"], 100);
  EXPECT_EQ(answer["rows"].size(), 2);
  EXPECT_EQ(answer["headlines"].size(), 1);
}

TEST_F(ApiRoutes, interpolate_answers_only_the_headlines_its_filters_select)
{
  // The Flash headline at 100 tok/s/user is read off the gb200 vllm run of 2026-10-07, total throughput on P90 ITL.
  const auto headlines = [&](std::vector<std::pair<std::string, std::string>> extra) {
    std::vector<std::pair<std::string, std::string>> params = {{"model", "DeepSeek-V4.1-Flash"}, {"at", "100"}};
    params.insert(params.end(), extra.begin(), extra.end());
    return get_json("/api/v1/interpolate", params)["headlines"].size();
  };
  EXPECT_EQ(headlines({{"hardware", "gb200"}}), 1);
  EXPECT_EQ(headlines({{"framework", "vllm"}, {"as_of", "2026-10-07"}}), 1);
  EXPECT_EQ(headlines({{"date", "2026-10-07"}}), 1);
  EXPECT_EQ(headlines({{"x", "p90"}}), 1);
  EXPECT_EQ(headlines({{"as_of", "2026-10-06"}}), 0);
  EXPECT_EQ(headlines({{"date", "2026-10-08"}}), 0);
  EXPECT_EQ(headlines({{"hardware", "mi355x"}}), 0);
  EXPECT_EQ(headlines({{"framework", "sglang"}}), 0);
  EXPECT_EQ(headlines({{"metric", "output"}}), 0);
  EXPECT_EQ(headlines({{"x", "median"}}), 0);
}

TEST_F(ApiRoutes, interpolate_lists_curve_findings_beside_the_values)
{
  ingest_curve_finding_data(*store);
  const json answer = get_json("/api/v1/interpolate", {{"model", "DeepSeek-V4.1-Flash"}, {"at", "100"}});
  bool thin_seen = false;
  for (const json& row : answer["rows"]) {
    if (row["framework"] == "thinfw") {
      ASSERT_EQ(row["findings"].size(), 1) << row.dump();
      EXPECT_EQ(row["findings"][0]["kind"], "thin_frontier");
      EXPECT_EQ(row["findings"][0]["result_id"], "thin-slow");
      thin_seen = true;
    } else {
      EXPECT_TRUE(row["findings"].empty()) << row.dump();
    }
  }
  EXPECT_TRUE(thin_seen);
  bool short_seen = false;
  for (const json& headline : answer["headlines"]) {
    if (headline["label"] == "Short") {
      ASSERT_EQ(headline["findings"].size(), 1) << headline.dump();
      EXPECT_EQ(headline["findings"][0]["kind"], "headline_outside_range");
      short_seen = true;
    } else {
      EXPECT_TRUE(headline["findings"].empty()) << headline.dump();
    }
  }
  EXPECT_TRUE(short_seen);
}

// A stored point that cannot be planned is a 400 naming it; only a point that is not stored is a 404.
TEST_F(ApiRoutes, evals_lists_scores_beside_the_throughput_at_the_target_and_warns)
{
  // Illustrative scores in the documented shape for the bundled MI355X fp8 and fp4 configurations: fp4 is faster
  // at 2 tok/s/user and scores lower by 0.05, more than 2 combined standard errors (2 x 0.01).
  const auto dataset = formats::read_input(R"([
    {"hardware": "mi355x", "framework": "sglang", "model": "dsv4", "precision": "fp8", "spec_method": "none",
     "disagg": false, "date": "2026-04-25", "task": "gsm8k", "score": 0.95, "stderr": 0.006},
    {"hardware": "mi355x", "framework": "sglang", "model": "dsv4", "precision": "fp4", "spec_method": "none",
     "disagg": false, "date": "2026-05-21", "task": "gsm8k", "score": 0.90, "stderr": 0.008}])",
                                           "evals.json");
  ASSERT_TRUE(dataset) << dataset.error().to_string();
  ASSERT_TRUE(store->ingest(*dataset));
  const json answer = get_json("/api/v1/evals", {{"model", "dsv4"}, {"at", "2"}});
  ASSERT_EQ(answer["evals"].size(), 2u);
  EXPECT_EQ(answer["evals"][0]["precision"], "fp4");
  EXPECT_EQ(answer["evals"][0]["stderr"], 0.008);
  EXPECT_TRUE(answer["evals"][0]["interpolation"]["tps_per_gpu"].is_number());
  ASSERT_EQ(answer["warnings"].size(), 1u);
  EXPECT_EQ(answer["warnings"][0]["task"], "gsm8k");
  // Other models have no scores; the model is required as on /interpolate.
  EXPECT_TRUE(get_json("/api/v1/evals", {{"model", "DeepSeek-V4.1-Flash"}, {"at", "100"}})["evals"].empty());
  EXPECT_EQ(get("/api/v1/evals", {{"at", "2"}}).status, 400);
}

TEST_F(ApiRoutes, plan_by_a_stored_point_that_serves_nothing_is_a_400)
{
  std::optional<domain::BenchmarkPoint> idle = store->point("444914");
  ASSERT_TRUE(idle);
  idle->result_id = "idle-1";
  idle->absolute_tps = {};
  idle->per_gpu_tps = {0.0, 0.0, 0.0};
  domain::Dataset dataset;
  dataset.source = "idle.json";
  dataset.points = {*idle};
  ASSERT_TRUE(store->ingest(dataset).has_value());
  expect_error(get("/api/v1/plan", {{"point", "idle-1"}, {"demand", "1T"}}), 400, "bad_parameter",
               "point: point idle-1 serves no tokens");
  expect_error(get("/api/v1/plan", {{"point", "no-such-point"}, {"demand", "1T"}}), 404, "unknown_point",
               "no stored point has result id 'no-such-point'");
}

TEST_F(ApiRoutes, point_lists_its_run_findings)
{
  std::optional<domain::BenchmarkPoint> first = store->point("444914");
  std::optional<domain::BenchmarkPoint> second = store->point("444911");
  ASSERT_TRUE(first && second);
  domain::Dataset dataset;
  dataset.source = "mixed.json";
  first->result_id = "mixed-basis-1";
  first->framework = "mixedfw";
  first->per_gpu_basis = domain::PerGpuBasis::role_local;
  second->result_id = "mixed-basis-2";
  second->framework = "mixedfw";
  dataset.points = {*first, *second};
  app::prepare_dataset(dataset);
  app::add_run_findings(std::span<domain::Dataset>(&dataset, 1));
  ASSERT_TRUE(store->ingest(dataset).has_value());
  const json point = get_json("/api/v1/points/mixed-basis-1");
  bool found = false;
  for (const json& finding : point["findings"]) {
    found = found || finding["kind"] == "mixed_per_gpu_basis";
  }
  EXPECT_TRUE(found) << point.dump();
}

TEST_F(ApiRoutes, plan_on_a_point_and_at_a_target)
{
  const json on_point = get_json("/api/v1/plan", {{"point", "444914"}, {"preset", "fireworks"}});
  ASSERT_EQ(on_point.size(), 1);
  EXPECT_EQ(on_point[0]["plan"]["racks"], 312);
  const json at_target =
    get_json("/api/v1/plan", {{"model", "DeepSeek-V4.1-Flash"}, {"at", "100"}, {"demand", "40T"}, {"utilization", "0.5"}});
  EXPECT_EQ(at_target.size(), 2);
  EXPECT_EQ(at_target[0]["utilization"], 0.5);
  // Hardware whose figures give no rack size is answered with the reason, beside the plans of the rest.
  const json beside = get_json("/api/v1/plan", {{"model", "DeepSeek-V4-Pro"}, {"at", "20"}, {"demand", "40T"}});
  int planned = 0;
  int without_rack = 0;
  for (const json& answer : beside) {
    planned += answer["plan"].is_null() ? 0 : 1;
    without_rack += answer["unavailable"].is_string()
                        && answer["unavailable"].get<std::string>().find("give no rack size") != std::string::npos
                      ? 1
                      : 0;
  }
  EXPECT_GT(planned, 0);
  EXPECT_GT(without_rack, 0);
  const json racked =
    get_json("/api/v1/plan", {{"model", "DeepSeek-V4-Pro"}, {"at", "20"}, {"demand", "40T"}, {"gpus_per_rack", "64"}});
  for (const json& answer : racked) {
    EXPECT_TRUE(answer["unavailable"].is_null() || answer["interpolation"]["state"] == "unreachable") << answer.dump();
  }
  // A rack size for MI355X alone sizes it and leaves GB200 at its published 72.
  const json by_hardware = get_json(
    "/api/v1/plan", {{"model", "DeepSeek-V4-Pro"}, {"at", "20"}, {"demand", "40T"}, {"gpus_per_rack", "mi355x=8"}});
  int mi355x_planned = 0;
  for (const json& answer : by_hardware) {
    if (answer["plan"].is_null()) {
      EXPECT_EQ(answer["interpolation"]["state"], "unreachable") << answer.dump();
      continue;
    }
    const bool mi355x = answer["hardware"]["hardware"] == "mi355x";
    mi355x_planned += mi355x ? 1 : 0;
    EXPECT_EQ(answer["hardware"]["gpus_per_rack"], mi355x ? 8 : 72) << answer.dump();
    EXPECT_EQ(answer["gpus_per_rack_overridden"], mi355x) << answer.dump();
  }
  EXPECT_GT(mi355x_planned, 0);
  expect_error(get("/api/v1/plan", {{"model", "DeepSeek-V4-Pro"}, {"at", "20"}, {"demand", "40T"},
                                    {"gpus_per_rack", "h100=8"}}),
               400, "bad_parameter", "gpus_per_rack: no stored points for hardware 'h100'");
  expect_error(get("/api/v1/plan", {{"model", "DeepSeek-V4-Pro"}, {"at", "20"}, {"demand", "40T"},
                                    {"cost_per_gpu_hour", "1e-400"}}),
               400, "bad_parameter", "cost_per_gpu_hour: number out of range (got '1e-400', too close to zero)");
}

TEST_F(ApiRoutes, reference_routes)
{
  EXPECT_EQ(get_json("/api/v1/presets").size(), 6);
  // GB200 NVL72 figures of April, July and November 2026; the nine GPUs of the July 2026 table, MI355X among them.
  const json hardware = get_json("/api/v1/hardware");
  ASSERT_EQ(hardware.size(), 11);
  const json& mi355x = hardware.back();
  EXPECT_EQ(mi355x["hardware"], "mi355x");
  EXPECT_TRUE(mi355x["gpus_per_rack"].is_null()) << mi355x.dump();
  // With a date, each hardware's figures in force that day, as the planner prices with: how many, and GB200's.
  const auto in_force = [&](const std::string& date) {
    const json costs = get_json("/api/v1/hardware", {{"as_of", date}});
    for (const json& cost : costs) {
      if (cost["hardware"] == "gb200") {
        return json{costs.size(), cost["effective_date"]};
      }
    }
    return costs.empty() ? json() : json{costs.size()};
  };
  EXPECT_EQ(in_force("2026-10-20"), json({9, "2026-07-01"}));
  EXPECT_EQ(in_force("2026-11-02"), json({9, "2026-11-02"}));
  EXPECT_EQ(in_force("2026-06-30"), json({1, "2026-04-01"}));
  EXPECT_EQ(in_force("2026-01-01"), json()) << "no figures before the first";
  EXPECT_EQ(get("/api/v1/hardware", {{"as_of", "2026-13-01"}}).status, 400);
  EXPECT_EQ(get("/api/v1/hardware", {{"model", "DeepSeek-V4-Pro"}}).status, 400) << "takes no filters";
  // An as-of date prices with the figures in force that day; without one, the latest.
  const auto priced = [&](std::vector<std::pair<std::string, std::string>> more) {
    more.insert(more.end(), {{"model", "DeepSeek-V4-Pro"}, {"hardware", "gb200"}, {"at", "100"}});
    return get_json("/api/v1/interpolate", more)["rows"].at(0)["hardware_cost"]["effective_date"];
  };
  EXPECT_EQ(priced({}), "2026-11-02");
  EXPECT_EQ(priced({{"as_of", "2026-10-20"}}), "2026-07-01");
  EXPECT_EQ(get_json("/api/v1/headlines").size(), 2);
  EXPECT_FALSE(get_json("/api/v1/availability").empty());
  const json gb200 = get_json("/api/v1/points", {{"hardware", "gb200"}});
  EXPECT_EQ(gb200["points"].size(), 5);
  EXPECT_EQ(get_json("/api/v1/points", {{"disaggregated", "true"}})["points"].size(), 2);
  EXPECT_EQ(get_json("/api/v1/points", {{"spec_method", "mtp"}})["points"].size(), 3);
  EXPECT_TRUE(gb200["next"].is_null());
  EXPECT_EQ(gb200["limit"], 1000);
  const json point = get_json("/api/v1/points/444212");
  EXPECT_EQ(point["result_id"], "444212");
  // The statistic a listing shows: an agentic point's P90 ITL.
  EXPECT_EQ(point["interactivity"]["basis"], "p90_itl");
  EXPECT_EQ(point["interactivity"]["value"], point["interactivity_p90"]);
  EXPECT_EQ(point["tps_per_allocated_gpu"], point["tps_per_gpu"]) << "all-allocated already";
  EXPECT_TRUE(point.contains("findings"));
}

TEST_F(ApiRoutes, interpolate_names_the_configurations_left_out_at_the_asked_basis)
{
  const json answer = get_json("/api/v1/interpolate", {{"model", "dsv4"}, {"at", "5"}, {"x", "p90"}});
  EXPECT_EQ(answer["rows"].size(), 1u);
  ASSERT_EQ(answer["left_out"].size(), 2u) << answer.dump();
  EXPECT_THAT(answer["left_out"][0]["reason"].get<std::string>(), testing::HasSubstr("p90_itl interactivity"));
  // The chart's curves name the same configurations, so that the page says which it does not draw.
  const json frontier = get_json("/api/v1/frontier", {{"model", "dsv4"}, {"x", "p90"}});
  EXPECT_EQ(frontier["curves"].size(), 1u);
  EXPECT_EQ(frontier["left_out"], answer["left_out"]);
  EXPECT_EQ(get_json("/api/v1/frontier", {{"model", "dsv4"}})["left_out"], json::array());
}

// A query parameter the document marks required is refused when it is missing; the document itself takes
// no parameters and is revalidated like the benchmark answers.
// An empty filter value is a typo to name, not a filter that matches nothing.
TEST_F(ApiRoutes, an_empty_filter_value_is_refused)
{
  for (const char* name : {"hardware", "framework", "precision", "spec_method"}) {
    const http::Response refused = get("/api/v1/points", {{name, ""}});
    EXPECT_EQ(refused.status, 400) << name;
    EXPECT_NE(refused.body.find(std::string(name) + ": expected a name (got an empty value"), std::string::npos)
      << refused.body;
  }
  EXPECT_EQ(get("/api/v1/points", {{"hardware", "gb200"}}).status, 200);
}

TEST_F(ApiRoutes, openapi_required_parameters_are_required)
{
  const json document = get_json("/api/v1/openapi.json");
  int required = 0;
  for (const auto& [path, item] : document["paths"].items()) {
    if (!item.contains("get") || path.find('{') != std::string::npos || path == "/me" || path.starts_with("/comments")) {
      continue;
    }
    for (json parameter : item["get"].value("parameters", json::array())) {
      if (parameter.contains("$ref")) {
        const std::string ref = parameter["$ref"];
        parameter = document["components"]["parameters"][ref.substr(ref.rfind('/') + 1)];
      }
      if (parameter["in"] != "query" || !parameter.value("required", false)) {
        continue;
      }
      ++required;
      const http::Response missing = get("/api/v1" + path);
      EXPECT_EQ(missing.status, 400) << path << " without " << parameter["name"];
      EXPECT_NE(missing.body.find(": required"), std::string::npos) << path << missing.body; // the first one missing
    }
  }
  EXPECT_GE(required, 3); // model on /benchmarks, /frontier and /interpolate at least
  EXPECT_EQ(get("/api/v1/openapi.json", {{"foo", "1"}}).status, 400);
  EXPECT_EQ(get("/api/v1/openapi.json").cache_control, "no-cache");
}

TEST_F(ApiRoutes, openapi_documents_every_route)
{
  const json document = get_json("/api/v1/openapi.json");
  EXPECT_EQ(document["openapi"], "3.0.3");
  for (const auto& [path, item] : document["paths"].items()) {
    if (path == "/me" || path.starts_with("/account") || path == "/session" || path.starts_with("/comments")) {
      continue; // answered by the community routes: tracker_server_test covers them through the whole handler
    }
    std::string concrete = path;
    if (path == "/points/{id}") {
      concrete = "/points/444914";
    } else if (path == "/export/{kind}") {
      concrete = "/export/points";
    }
    Query query;
    if (path == "/benchmarks" || path == "/frontier" || path == "/glance" || path == "/changes") {
      query = {{"model", "dsv4"}};
    } else if (path == "/interpolate" || path == "/evals") {
      query = {{"model", "dsv4"}, {"at", "50"}};
    } else if (path == "/plan") {
      query = {{"point", "444914"}, {"demand", "1T"}};
    } else if (path == "/slo") {
      query = {{"model", "dsv4"}, {"slo", "interactivity>=50"}};
    } else if (path == "/fleet") {
      query = {{"model", "dsv4"}, {"slo", "interactivity>=50"}, {"demand", "1T"}};
    } else if (path == "/budget") {
      query = {{"model", "dsv4"}, {"max_cost_per_million", "1"}};
    } else if (path == "/compare") {
      query = {{"a", "dsv4 gb200"}, {"b", "DeepSeek-V4-Pro mi355x sglang fp4"}};
    }
    EXPECT_EQ(get("/api/v1" + concrete, query).status, 200) << path;
  }
  // The answers a client must expect besides the usual ones: every write may meet a busy or read-only database,
  // a body in another type is a 415, and a GET may be a 304.
  for (const auto& [path, item] : document["paths"].items()) {
    for (const auto& [method, operation] : item.items()) {
      const json& responses = operation["responses"];
      if (method != "get") {
        EXPECT_TRUE(responses.contains("503")) << method << " " << path;
        EXPECT_TRUE(responses.contains("415")) << method << " " << path;
      }
    }
  }
  EXPECT_TRUE(document["paths"]["/interpolate"]["get"]["responses"].contains("304"));
  EXPECT_TRUE(document["paths"]["/comments"]["get"]["responses"].contains("404"));
}

// Every "$ref" of the document names a component it defines, so shared parameters and answers stay whole.
void
expect_refs_resolve(const json& document, const json& node, const std::string& where)
{
  if (node.is_object()) {
    if (const auto ref = node.find("$ref"); ref != node.end()) {
      const std::string target = ref->get<std::string>();
      ASSERT_TRUE(target.starts_with("#/")) << where << ": " << target;
      EXPECT_TRUE(document.contains(json::json_pointer(target.substr(1)))) << where << ": " << target;
    }
    for (const auto& [key, value] : node.items()) {
      expect_refs_resolve(document, value, where + "/" + key);
    }
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      expect_refs_resolve(document, node[i], where + "/" + std::to_string(i));
    }
  }
}

TEST_F(ApiRoutes, openapi_references_resolve)
{
  const json document = get_json("/api/v1/openapi.json");
  expect_refs_resolve(document, document, "");
  // The shared pieces are used: the filters and the error answers are written once.
  EXPECT_TRUE(document["components"]["parameters"].contains("model"));
  EXPECT_TRUE(document["components"]["responses"].contains("Refused"));
  const json& interpolate = document["paths"]["/interpolate"]["get"];
  EXPECT_EQ(interpolate["responses"]["400"]["$ref"], "#/components/responses/Refused");
}

TEST_F(ApiRoutes, bad_parameters_are_400_with_the_parameter_named)
{
  expect_error(get("/api/v1/benchmarks", {{"model", "dsv4"}, {"colour", "red"}}), 400, "bad_parameter", "colour: unknown parameter");
  expect_error(get("/api/v1/benchmarks"), 400, "bad_parameter", "model: required");
  expect_error(get("/api/v1/interpolate", {{"model", "dsv4"}, {"at", "fast"}}), 400, "bad_parameter", "at: expected a finite number");
  expect_error(get("/api/v1/interpolate", {{"model", "dsv4"}}), 400, "bad_parameter", "at: required");
  expect_error(get("/api/v1/frontier", {{"model", "dsv4"}, {"x", "p50"}}), 400, "bad_parameter", "x: expected auto, p90_itl (or p90) or median_tpot (or median)");
  expect_error(get("/api/v1/points", {{"date", "yesterday"}}), 400, "bad_parameter", "date: expected a date");
  expect_error(get("/api/v1/benchmarks", {{"model", "dsv4"}, {"date", "2026-10-26"}, {"as_of", "2026-10-10"}}), 400,
               "bad_parameter", "date: without exact it means as_of");
  expect_error(get("/api/v1/points", {{"model", "dsv4"}, {"model", "dsv4"}}), 400, "bad_parameter", "model: given more than once");
  expect_error(get("/api/v1/points", {{"limit", "0"}}), 400, "bad_parameter", "limit: expected 1 to 1000 (got 0)");
  expect_error(get("/api/v1/points", {{"limit", "1001"}}), 400, "bad_parameter", "limit: expected 1 to 1000 (got 1001)");
  expect_error(get("/api/v1/points", {{"limit", "many"}}), 400, "bad_parameter", "limit: ");
  expect_error(get("/api/v1/points", {{"runs", "some"}}), 400, "bad_parameter", "runs: expected all or latest (got 'some')");
  expect_error(get("/api/v1/points", {{"disaggregated", "yes"}}), 400, "bad_parameter",
               "disaggregated: expected true or false");
  expect_error(get("/api/v1/points", {{"after", "999999"}}), 400, "bad_parameter",
               "after: no stored point has result id '999999'");
  expect_error(get("/api/v1/plan", {{"point", "444914"}, {"demand", "40Q"}}), 400, "bad_parameter", "demand");
  expect_error(get("/api/v1/plan", {{"point", "444914"}, {"demand", "40T"}, {"utilization", "2"}}), 400, "bad_parameter", "utilization");
  expect_error(get("/api/v1/plan", {{"point", "444914"}, {"demand", "1T"}, {"gpus_per_rack", "x"}}), 400, "bad_parameter", "gpus_per_rack");
  // The plan's own checks name the API's parameters too, not the command line's flags.
  expect_error(get("/api/v1/plan", {{"point", "444914"}, {"demand", "1T"}, {"gpus_per_rack", "200000"}}), 400,
               "bad_parameter", "gpus_per_rack: must be 1 to 100000 (got 200000)");
  expect_error(get("/api/v1/plan", {{"point", "444914"}, {"at", "5"}, {"demand", "1T"}}), 400, "bad_parameter",
               "point: give exactly one of a point");
  expect_error(get("/api/v1/export/plans", {{"point", "444914"}, {"at", "5"}, {"demand", "1T"}}), 400,
               "bad_parameter", "point: give exactly one of a point");
  expect_error(get("/api/v1/plan", {{"point", "444914"}, {"demand", "1T"}, {"preset", "fireworks"}}), 400,
               "bad_parameter", "demand: preset 'fireworks' has a demand of its own: give a demand or that preset, not both");
  expect_error(get("/api/v1/export/plans", {{"point", "444914"}, {"as_of", "2026-05-01"}, {"demand", "1T"}}), 400,
               "bad_parameter", "as_of: point '444914' was measured on 2026-10-14, after the as-of date 2026-05-01");
  expect_error(get("/api/v1/export/plans", {{"point", "444914"}, {"hardware", "gb200"}, {"demand", "1T"}}), 400,
               "bad_parameter", "hardware: chooses the curves of a plan at a target");
  expect_error(get("/api/v1/presets", {{"model", "dsv4"}}), 400, "bad_parameter",
               "model: unknown parameter (expected none)");
  expect_error(get("/api/v1/history", {{"model", "dsv4"}, {"colour", "red"}}), 400, "bad_parameter",
               "colour: unknown parameter (expected at, x, metric, from, to, launch_date, join_precisions, offset, limit, model, ");
  expect_error(get("/api/v1/presets", {{"", "1"}}), 400, "bad_parameter",
               "a parameter without a name (got '=1'; expected name=value, the names being none)");
  // An empty model or one with a control character is a slip, named as the other filters are: never a 404.
  expect_error(get("/api/v1/frontier", {{"model", ""}}), 400, "bad_parameter", "model: expected a model name (got an empty value)");
  expect_error(get("/api/v1/points", {{"model", " "}}), 400, "bad_parameter", "model: expected a model name");
  expect_error(get("/api/v1/points", {{"hardware", "x\ny"}}), 400, "bad_parameter",
               "hardware: expected a name (got a control character, which no stored name holds)");
  expect_error(get("/api/v1/points", {{"model", "dsv4\x1b"}}), 400, "bad_parameter", "model: expected a name (got a control");
  // A name no stored point has is a slip, answered with the stored names as the CLI answers it; known names that
  // select nothing together are an empty answer.
  expect_error(get("/api/v1/points", {{"hardware", "h100"}}), 400, "bad_parameter",
               "hardware: no stored points for hardware 'h100' (stored: gb200, mi355x)");
  expect_error(get("/api/v1/interpolate", {{"model", "dsv4"}, {"at", "5"}, {"framework", "trt"}}), 400, "bad_parameter",
               "framework: no stored points for framework 'trt' (stored: dynamo-vllm, sglang, vllm)");
  expect_error(get("/api/v1/history", {{"model", "dsv4"}, {"spec_method", "eagle"}}), 400, "bad_parameter",
               "spec_method: no stored points for spec_method 'eagle' (stored: draft_model, mtp, none)");
  EXPECT_EQ(get("/api/v1/points", {{"spec_method", "MTP"}}).status, 200) << "compared without case, as filtered";
  EXPECT_EQ(get("/api/v1/points", {{"model", "dsv4"}, {"hardware", "gb200"}, {"framework", "sglang"}}).status, 200);
  // Numbers are bounded as on the command line and in the input files.
  expect_error(get("/api/v1/interpolate", {{"model", "dsv4"}, {"at", "1e308"}}), 400, "bad_parameter",
               "at: number out of range (got '1e308', expected a finite number of magnitude at most 1e18)");
  expect_error(get("/api/v1/interpolate", {{"model", "dsv4"}, {"at", "1e400"}}), 400, "bad_parameter",
               "at: number out of range (got '1e400'");
  expect_error(get("/api/v1/plan", {{"point", "444914"}, {"demand", "1T"}, {"cost_per_gpu_hour", "1e306"}}), 400,
               "bad_parameter", "cost_per_gpu_hour: number out of range");
  expect_error(get("/api/v1/interpolate", {{"model", "dsv4"}, {"at", "1e-400"}}), 400, "bad_parameter",
               "at: number out of range (got '1e-400', too close to zero)");
  expect_error(get("/api/v1/points", {{"limit", "99999999999999999999"}}), 400, "bad_parameter",
               "limit: number out of range (got '99999999999999999999', expected a whole number");
  expect_error(get("/api/v1/points", {{"date", "2026-05-10"}, {"as_of", "2026-05-04"}}), 400, "bad_parameter",
               "date: run date 2026-05-10 is after the as-of date 2026-05-04");
  // Bytes that are not UTF-8 (%FF) are named, not answered 500 when the answer writes the filter back as JSON.
  expect_error(get("/api/v1/points", {{"hardware", "\xff"}}), 400, "bad_parameter", "hardware: not UTF-8 text");
  expect_error(get("/api/v1/export/points", {{"hardware", "\xe2\x82"}}), 400, "bad_parameter",
               "hardware: not UTF-8 text");
  expect_error(get("/api/v1/history", {{"model", "DeepSeek-V4-Pro"}, {"at", "10"}, {"precision", "\xff"}}), 400,
               "bad_parameter", "precision: not UTF-8 text");
}

TEST_F(ApiRoutes, unknown_things_are_404)
{
  expect_error(get("/api/v1/benchmarks", {{"model", "GPT-9"}}), 404, "unknown_model", "GPT-9");
  expect_error(get("/api/v1/frontier", {{"model", "GPT-9"}}), 404, "unknown_model", "GPT-9");
  expect_error(get("/api/v1/points/999999"), 404, "unknown_point", "999999");
  expect_error(get("/api/v1/plan", {{"point", "999999"}, {"demand", "1T"}}), 404, "unknown_point", "999999");
  expect_error(get("/api/v1/nothing-here"), 404, "not_found", "/api/v1/nothing-here");
}

TEST_F(ApiRoutes, writes_are_405)
{
  const http::Response response = *test_support::documented_api(route_request("POST", "/api/v1/points"), *store);
  expect_error(response, 405, "method_not_allowed", "POST");
  bool has_allow = false;
  for (const auto& [name, value] : response.headers) {
    has_allow |= name == "Allow";
  }
  EXPECT_TRUE(has_allow);
}

}  // namespace
}  // namespace infertrack::server::api
