// The run-to-run spread on /api/v1/interpolate and /api/v1/frontier (spread=true), and the new / carried-over marks.
#include "infertrack/server/api/api_routes.hpp"

#include "api_route_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace infertrack::server::api {
namespace {

using nlohmann::json;
using test_support::expect_error;
using test_support::Query;

constexpr double k_tolerance = 1e-9;

// One configuration ("spreadfw") with four runs of two points each (40 and 300 tok/s/user), made from two bundled
// Flash points: image a on 05-01 (x3, more than 14 days before the latest), b on 06-01 (x0.5), a on 06-05 (x1) and
// a on 06-12 (the fast point x1.2, the slow one repeated unchanged from 06-05).
class RunSpreadRoutes : public testing::Test, protected test_support::BundledTracker
{
protected:
  void SetUp() override
  {
    const std::optional<domain::BenchmarkPoint> slow = store->point("444210");
    const std::optional<domain::BenchmarkPoint> fast = store->point("444212");
    ASSERT_TRUE(slow && fast);
    domain::Dataset dataset;
    dataset.source = "run_spread.json";
    const auto add = [&](const domain::BenchmarkPoint& base, const std::string& date, const std::string& image,
                         double interactivity, double scale) {
      domain::BenchmarkPoint point = base;
      point.result_id = "spread-" + date + "-" + std::to_string(static_cast<int>(interactivity));
      point.framework = "spreadfw";
      point.date = date;
      point.image = image;
      point.run_url.reset();
      point.interactivity_p90 = interactivity;
      point.concurrency = interactivity < 100 ? 64 : 4;
      for (domain::Throughput* tps : {&point.absolute_tps, &point.per_gpu_tps}) {
        for (std::optional<double>* value : {&tps->total, &tps->input, &tps->output}) {
          if (*value) {
            **value *= scale;
          }
        }
      }
      dataset.points.push_back(std::move(point));
    };
    for (const auto& [date, image, scale] : {std::tuple{"2026-05-01", "img:a", 3.0}, {"2026-06-01", "img:b", 0.5},
                                             {"2026-06-05", "img:a", 1.0}}) {
      add(*slow, date, image, 40, scale);
      add(*fast, date, image, 300, scale);
    }
    add(*slow, "2026-06-12", "img:a", 40, 1.0);
    add(*fast, "2026-06-12", "img:a", 300, 1.2);
    app::prepare_dataset(dataset);
    ASSERT_TRUE(store->ingest(dataset).has_value());
  }

  json get(const std::string& route, Query query)
  {
    query.insert(query.begin(), {{"model", "DeepSeek-V4.1-Flash"}, {"framework", "spreadfw"}});
    return test_support::api_get_json(*store, "/api/v1/" + route, std::move(query));
  }

  double value_on(const std::string& date)
  {
    const json answer = get("interpolate", {{"at", "100"}, {"date", date}});
    return answer["rows"].at(0)["value"]["tps_per_gpu"].get<double>();
  }
};

TEST_F(RunSpreadRoutes, interpolate_gives_the_close_runs_of_the_same_image_at_the_target)
{
  const json row = get("interpolate", {{"at", "100"}, {"spread", "true"}})["rows"].at(0);
  EXPECT_EQ(row["run_date"], "2026-06-12");
  const json& spread = row["spread"];
  EXPECT_EQ(spread["runs"], 2);
  EXPECT_EQ(spread["dates"], json::array({"2026-06-05", "2026-06-12"}));
  // Each end is what interpolate reads on that run alone.
  EXPECT_NEAR(spread["min"].get<double>(), value_on("2026-06-05"), k_tolerance);
  EXPECT_NEAR(spread["max"].get<double>(), value_on("2026-06-12"), k_tolerance);
  EXPECT_LT(spread["min"].get<double>(), spread["max"].get<double>());
}

TEST_F(RunSpreadRoutes, one_run_makes_no_band)
{
  const json spread = get("interpolate", {{"at", "100"}, {"spread", "true"}, {"date", "2026-06-01"}})["rows"].at(0)["spread"];
  EXPECT_EQ(spread["runs"], 1);
  EXPECT_TRUE(spread["min"].is_null());
  EXPECT_TRUE(spread["max"].is_null());
  EXPECT_EQ(spread["dates"], json::array({"2026-06-01"}));
}

TEST_F(RunSpreadRoutes, is_left_out_unless_asked)
{
  EXPECT_FALSE(get("interpolate", {{"at", "100"}})["rows"].at(0).contains("spread"));
  const json curve = get("frontier", {})["curves"].at(0);
  EXPECT_FALSE(curve.contains("spread"));
  EXPECT_FALSE(curve["points"].at(0).contains("recurrence"));
}

TEST_F(RunSpreadRoutes, frontier_band_holds_the_curve_and_rests_on_two_runs)
{
  const json curve = get("frontier", {{"spread", "true"}})["curves"].at(0);
  const json& band = curve["spread"];
  EXPECT_EQ(band["runs"], 2);
  EXPECT_EQ(band["dates"], json::array({"2026-06-05", "2026-06-12"}));
  ASSERT_EQ(band["samples"].size(), curve["samples"].size()); // both runs span every sample (40 to 300)
  for (std::size_t i = 0; i < band["samples"].size(); ++i) {
    const json& sample = band["samples"][i];
    const double y = curve["samples"][i][1].get<double>();
    EXPECT_EQ(sample[0], curve["samples"][i][0]);
    EXPECT_LE(sample[1].get<double>(), y + k_tolerance);
    EXPECT_GE(sample[2].get<double>(), y - k_tolerance);
  }
  // At 40 tok/s/user both runs measured the same point; at 300 the later run is 1.2 times the earlier.
  const json& slowest = band["samples"].front();
  EXPECT_EQ(slowest[0], 40);
  EXPECT_NEAR(slowest[1].get<double>(), slowest[2].get<double>(), k_tolerance);
  const json& fastest = band["samples"].back();
  EXPECT_EQ(fastest[0], 300);
  EXPECT_NEAR(fastest[2].get<double>() / fastest[1].get<double>(), 1.2, k_tolerance);
}

TEST_F(RunSpreadRoutes, marks_each_point_new_or_carried_over)
{
  const json curve = get("frontier", {{"spread", "true"}})["curves"].at(0);
  std::map<std::string, std::string> marks;
  for (const json& point : curve["points"]) {
    marks[point["result_id"]] = point["recurrence"];
  }
  EXPECT_EQ(marks, (std::map<std::string, std::string>{{"spread-2026-06-12-40", "carried_over"},
                                                       {"spread-2026-06-12-300", "new"}}));
}

TEST_F(RunSpreadRoutes, refuses_a_spread_on_a_latency_axis_by_name)
{
  expect_error(test_support::api_get(*store, "/api/v1/interpolate",
                                     {{"model", "DeepSeek-V4.1-Flash"}, {"at", "2"}, {"x", "ttft_p99"}, {"spread", "true"}}),
               400, "bad_parameter", "spread");
  expect_error(test_support::api_get(*store, "/api/v1/frontier", {{"model", "DeepSeek-V4.1-Flash"}, {"spread", "maybe"}}),
               400, "bad_parameter", "spread");
}

}  // namespace
}  // namespace infertrack::server::api
