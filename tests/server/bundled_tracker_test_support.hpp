#pragma once

// What the API and page route tests share: a tracker database of its own loaded with the bundled data, requests
// as the HTTP layer hands them to a route, and extra points that give the bundled Flash curves findings.

#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/tracker_database.hpp"
#include "infertrack/server/http/request.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace infertrack::server::test_support {

using Query = std::vector<std::pair<std::string, std::string>>;

// A fresh tracker database on the binary's engine, loaded with the bundled dataset when it is opened.
struct BundledTracker
{
  test_engine::TestDatabase database;
  std::unique_ptr<store::Store> store = app::open_tracker(database.locator());
};

// A request for `path` as routes receive it: path and query already decoded, the target the bare path.
inline http::Request
route_request(std::string method, std::string path, Query query = {})
{
  http::Request request;
  request.method = std::move(method);
  request.target = path;
  request.path = std::move(path);
  request.query = std::move(query);
  return request;
}

// Two new Flash configurations made of the seed's Flash points: one whose bracket at 100 tok/s/user spans more
// than k_thin_frontier_ratio (40 to 300), one measured only up to 90 tok/s/user with a published headline at 100.
inline void
ingest_curve_finding_data(store::Store& store)
{
  std::optional<domain::BenchmarkPoint> slow = store.point("444210");
  std::optional<domain::BenchmarkPoint> fast = store.point("444212");
  ASSERT_TRUE(slow && fast);
  domain::Dataset dataset;
  dataset.source = "curve_findings.json";
  const auto add = [&](domain::BenchmarkPoint point, std::string id, std::string framework, double interactivity) {
    point.result_id = std::move(id);
    point.framework = std::move(framework);
    point.interactivity_p90 = interactivity;
    dataset.points.push_back(std::move(point));
  };
  add(*slow, "thin-slow", "thinfw", 40);
  add(*fast, "thin-fast", "thinfw", 300);
  add(*slow, "short-slow", "shortfw", 60);
  add(*fast, "short-fast", "shortfw", 90);
  domain::PublishedHeadline headline;
  headline.label = "Short";
  headline.model = slow->model;
  headline.target_interactivity = 100;
  headline.total_tps_per_gpu = 120000;
  headline.interpolated = true;
  headline.bracket_result_ids = {"short-slow", "short-fast"};
  dataset.headlines.push_back(headline);
  app::prepare_dataset(dataset);
  ASSERT_TRUE(store.ingest(dataset).has_value());
}

}  // namespace infertrack::server::test_support
