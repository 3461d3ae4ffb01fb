// The tracker handler's response cache: pages and API answers are served from it until the data changes,
// and never after.
#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/tracker_database.hpp"
#include "infertrack/server/tracker_handler.hpp"
#include "openapi_test_support.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

namespace infertrack::server {
namespace {

class TrackerHandlerCache : public testing::Test
{
protected:
  http::Response get(const std::string& target)
  {
    http::Request request;
    request.method = "GET";
    request.target = target;
    const auto query = target.find('?');
    request.path = target.substr(0, query);
    if (query != std::string::npos) {
      const std::string pair = target.substr(query + 1);
      const auto equals = pair.find('=');
      request.query = {{pair.substr(0, equals), pair.substr(equals + 1)}};
    }
    http::Response response = handler(request);
    test_support::expect_documented(request.method, target, response);
    return response;
  }

  // A copy of bundled point 444914 at another concurrency, ingested through a second connection, as
  // `infertrack ingest` would while the server runs; returns once the server's store has seen it.
  void ingest_elsewhere()
  {
    const std::int64_t before = store->data_version();
    auto other = app::open_tracker(database.locator());
    std::optional<domain::BenchmarkPoint> point = other->point("444914");
    ASSERT_TRUE(point.has_value());
    point->result_id = "cache-test-1";
    point->concurrency = 4096;
    domain::Dataset dataset;
    dataset.source = "later.json";
    dataset.points.push_back(*point);
    app::prepare_dataset(dataset);
    ASSERT_TRUE(other->ingest(dataset).has_value());
    // PostgreSQL tells the store of another connection's ingest by a notification, a moment after its commit.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (store->data_version() == before && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_NE(store->data_version(), before) << "the ingest was not seen within 5 seconds";
  }

  test_engine::TestDatabase database;
  std::shared_ptr<store::Store> store = app::open_tracker(database.locator());
  http::Handler handler = make_tracker_handler(store, nullptr);
};

TEST_F(TrackerHandlerCache, pages_come_from_the_cache_until_the_data_changes)
{
  const http::Response first = get("/");
  ASSERT_EQ(first.status, 200);
  EXPECT_FALSE(first.etag.empty());       // computed once, when cached
  EXPECT_NE(first.gzip_body, nullptr);
  const http::Response again = get("/");
  EXPECT_EQ(again.body, first.body);
  EXPECT_EQ(again.gzip_body, first.gzip_body); // the cached answer itself, not a new rendering
  EXPECT_EQ(again.route, "/");
  EXPECT_EQ(again.cache_control, "no-cache");
  EXPECT_EQ(first.body.find("cache-test-1"), std::string::npos);

  ingest_elsewhere();
  const http::Response after = get("/");
  EXPECT_NE(after.body.find("<tr data-result-id=\"cache-test-1\">"), std::string::npos);
  EXPECT_NE(after.etag, first.etag);
}

TEST_F(TrackerHandlerCache, point_pages_and_api_answers_follow_the_data_too)
{
  EXPECT_EQ(get("/points/cache-test-1").status, 404); // not cached: a later ingest may add it
  const http::Response benchmarks = get("/api/v1/benchmarks?model=DeepSeek-V4-Pro");
  ASSERT_EQ(benchmarks.status, 200);
  EXPECT_EQ(get("/api/v1/benchmarks?model=DeepSeek-V4-Pro").gzip_body, benchmarks.gzip_body);

  ingest_elsewhere();
  EXPECT_EQ(get("/points/cache-test-1").status, 200);
  EXPECT_NE(get("/api/v1/benchmarks?model=DeepSeek-V4-Pro").body.find("cache-test-1"), std::string::npos);
}

TEST_F(TrackerHandlerCache, metrics_report_the_cache_size)
{
  get("/");
  const http::Response metrics = get("/metrics");
  ASSERT_EQ(metrics.status, 200);
  const auto at = metrics.body.find("\ninfertrack_response_cache_bytes ");
  ASSERT_NE(at, std::string::npos) << metrics.body;
  EXPECT_GT(std::stod(metrics.body.substr(at + std::string("\ninfertrack_response_cache_bytes ").size())), 1000);
}

}  // namespace
}  // namespace infertrack::server
