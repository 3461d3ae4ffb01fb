// The whole tracker over real HTTP: `infertrack serve`'s handler on an ephemeral port, every route and
// every error class, through a real client.
#include "http_test_support.hpp"

#include "infertrack/app/tracker_database.hpp"
#include "infertrack/server/tracker_handler.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace infertrack::server {
namespace {

using namespace http::test_support;
using nlohmann::json;
using testing::HasSubstr;

class TrackerServer : public testing::Test
{
protected:
  test_engine::TestDatabase database;
  std::shared_ptr<http::Metrics> metrics = std::make_shared<http::Metrics>();
  http::HttpServer server{test_options(),
                          make_tracker_handler(app::open_tracker(database.locator()), metrics),
                          metrics};
  std::future<void> running = std::async(std::launch::async, [this] { server.run(); });

  ~TrackerServer() override
  {
    server.stop();
    running.wait();
  }

  WireResponse get(const std::string& target, std::vector<std::pair<std::string, std::string>> headers = {})
  {
    Client client(server.port());
    return client.get(target, std::move(headers));
  }

  static json error_of(const WireResponse& response) { return json::parse(response.body()); }
};

TEST_F(TrackerServer, serves_every_api_route_documented_in_openapi)
{
  const WireResponse document = get("/api/v1/openapi.json");
  ASSERT_EQ(document.result_int(), 200);
  const json openapi = json::parse(document.body());
  const std::map<std::string, std::string> queries = {
    {"/benchmarks", "?model=DeepSeek-V4-Pro"},
    {"/frontier", "?model=DeepSeek-V4-Pro&x=auto"},
    {"/interpolate", "?model=DeepSeek-V4.1-Flash&at=100"},
    {"/glance", "?model=DeepSeek-V4.1-Flash"},
    {"/compare", "?a=dsv4+gb200&b=DeepSeek-V4-Pro+mi355x+sglang+fp4"},
    {"/plan", "?point=444914&preset=fireworks"},
    {"/slo", "?model=DeepSeek-V4-Pro&slo=interactivity%3E%3D50"},
    {"/changes", "?model=DeepSeek-V4-Pro"},
    {"/evals", "?model=DeepSeek-V4-Pro&at=20"},
    {"/fleet", "?model=DeepSeek-V4-Pro&slo=interactivity%3E%3D50&demand=40T"},
    {"/budget", "?model=DeepSeek-V4-Pro&megawatts=50&at=50"},
    {"/points/{id}", ""},
    {"/comments", "?subject=page"},
    {"/export/{kind}", "?model=DeepSeek-V4-Pro&format=json"},
  };
  for (const auto& [path, item] : openapi["paths"].items()) {
    if (!item.contains("get")) {
      continue; // the account and comment writes: see documented_writes_are_routed_and_need_a_csrf_token
    }
    std::string target = "/api/v1" + (path == "/points/{id}"     ? std::string("/points/444914")
                                      : path == "/export/{kind}" ? std::string("/export/points")
                                                                 : path);
    if (auto query = queries.find(path); query != queries.end()) {
      target += query->second;
    }
    const WireResponse response = get(target);
    EXPECT_EQ(response.result_int(), 200) << target << ": " << response.body();
    EXPECT_THAT(std::string(response[wire::field::content_type]), HasSubstr("application/json")) << target;
    EXPECT_TRUE(json::accept(response.body())) << target;
  }
}

TEST_F(TrackerServer, documented_writes_are_routed_and_need_a_csrf_token)
{
  const json openapi = json::parse(get("/api/v1/openapi.json").body());
  int writes = 0;
  for (const auto& [path, item] : openapi["paths"].items()) {
    for (const auto& [method, operation] : item.items()) {
      if (method == "get") {
        continue;
      }
      std::string target = "/api/v1" + path;
      if (const auto id = target.find("{id}"); id != std::string::npos) {
        target.replace(id, 4, "1");
      }
      std::string verb = method;
      std::transform(verb.begin(), verb.end(), verb.begin(), [](unsigned char c) { return std::toupper(c); });
      Client client(server.port());
      const WireResponse response = client.request(wire::string_to_verb(verb), target,
                                                   {{"Content-Type", "application/json"}}, "{}");
      EXPECT_EQ(response.result_int(), 403) << method << " " << target << ": " << response.body();
      EXPECT_EQ(json::parse(response.body())["error"], "csrf") << target;
      ++writes;
    }
  }
  EXPECT_EQ(writes, 10);
}

TEST_F(TrackerServer, the_plan_over_http_is_the_cli_plan)
{
  const json plans = json::parse(get("/api/v1/plan?point=444914&preset=fireworks").body());
  ASSERT_EQ(plans.size(), 1);
  EXPECT_EQ(plans[0]["plan"]["racks"], 312);
  EXPECT_EQ(plans[0]["plan"]["groups"], 1248);
}

TEST_F(TrackerServer, big_answers_are_cached_gzip_with_an_etag)
{
  const std::string target = "/api/v1/frontier?model=DeepSeek-V4-Pro";
  const WireResponse first = get(target, {{"Accept-Encoding", "gzip"}});
  ASSERT_EQ(first.result_int(), 200);
  EXPECT_EQ(first[wire::field::content_encoding], "gzip");
  const std::string etag(first[wire::field::etag]);
  ASSERT_FALSE(etag.empty());
  const WireResponse plain = get(target);
  EXPECT_EQ(gunzip(first.body()), plain.body());
  const WireResponse again = get(target, {{"If-None-Match", std::string(plain[wire::field::etag])}});
  EXPECT_EQ(again.result_int(), 304);
}

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only: it deletes the database file
// A database file deleted (or replaced) under a running server: what it wrote would be lost, so it says it is
// unhealthy rather than answering 200 as before.
TEST_F(TrackerServer, healthz_fails_once_the_database_file_is_deleted)
{
  EXPECT_EQ(get("/healthz").result_int(), 200);
  for (const char* suffix : {"", "-wal", "-shm"}) {
    std::filesystem::remove(database.locator() + suffix);
  }
  const WireResponse unhealthy = get("/healthz");
  EXPECT_EQ(unhealthy.result_int(), 503);
  EXPECT_EQ(error_of(unhealthy)["error"], "unhealthy");
  EXPECT_THAT(unhealthy.body(), HasSubstr("deleted or replaced"));
}
#endif

TEST_F(TrackerServer, pages_and_assets)
{
  const WireResponse page = get("/");
  ASSERT_EQ(page.result_int(), 200);
  EXPECT_THAT(std::string(page[wire::field::content_type]), HasSubstr("text/html"));
  EXPECT_THAT(page.body(), HasSubstr("444914"));
  // Each security header once: a second copy is at best noise and at worst read differently by clients.
  EXPECT_EQ(page.count("X-Content-Type-Options"), 1U);
  EXPECT_EQ(page.count("Content-Security-Policy"), 1U);
  const std::string body = page.body();
  const auto script = body.find("/assets/app.");
  ASSERT_NE(script, std::string::npos);
  const WireResponse asset = get(body.substr(script, body.find('"', script) - script));
  EXPECT_EQ(asset.result_int(), 200);
  EXPECT_EQ(asset.count("X-Content-Type-Options"), 1U);
  EXPECT_EQ(get("/points/444914").result_int(), 200);
  EXPECT_EQ(get("/healthz").result_int(), 200);
  const WireResponse scrape = get("/metrics");
  EXPECT_EQ(scrape.result_int(), 200);
  EXPECT_THAT(scrape.body(), HasSubstr("infertrack_points 40"));
  EXPECT_THAT(scrape.body(), HasSubstr("route=\"/healthz\""));
}

TEST_F(TrackerServer, each_error_class)
{
  const WireResponse bad = get("/api/v1/interpolate?model=DeepSeek-V4-Pro&at=abc");
  EXPECT_EQ(bad.result_int(), 400);
  EXPECT_EQ(error_of(bad)["error"], "bad_parameter");
  EXPECT_THAT(error_of(bad)["detail"].get<std::string>(), HasSubstr("at:"));

  const WireResponse unknown_parameter = get("/api/v1/points?colour=red");
  EXPECT_EQ(unknown_parameter.result_int(), 400);
  EXPECT_THAT(error_of(unknown_parameter)["detail"].get<std::string>(), HasSubstr("colour"));

  const WireResponse unknown_model = get("/api/v1/benchmarks?model=GPT-9");
  EXPECT_EQ(unknown_model.result_int(), 404);
  EXPECT_EQ(error_of(unknown_model)["error"], "unknown_model");

  EXPECT_EQ(get("/api/v1/points/nope").result_int(), 404);
  // An address nothing answers is a page a person reads, escaped; the API's unknown routes stay JSON.
  const WireResponse no_page = get("/no/such/<page>");
  EXPECT_EQ(no_page.result_int(), 404);
  EXPECT_THAT(std::string(no_page[wire::field::content_type]), testing::StartsWith("text/html"));
  EXPECT_THAT(no_page.body(), HasSubstr("There is nothing at /no/such/&lt;page&gt;."));
  EXPECT_THAT(std::string(get("/api/v1/nothing")[wire::field::content_type]), testing::StartsWith("application/json"));

  for (const std::string traversal :
       {"/assets/../../etc/passwd", "/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/assets/..%2fCMakeLists.txt"}) {
    const WireResponse response = get(traversal);
    EXPECT_TRUE(response.result_int() == 404 || response.result_int() == 400) << traversal;
    EXPECT_THAT(response.body(), testing::Not(HasSubstr("root:")));
  }

  Client client(server.port());
  const WireResponse wrong_method = client.request(wire::verb::delete_, "/api/v1/presets");
  EXPECT_EQ(wrong_method.result_int(), 405);
  // A method HTTP does not define is unknown on every path: 501, not a 405 or 404 of one path (RFC 9110 9.1).
  for (const std::string path : {"/api/v1/presets", "/", "/healthz", "/no/such/page"}) {
    RawClient raw(server.port());
    raw.send("BREW " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const auto answer = raw.read_until_closed(2s);
    ASSERT_TRUE(answer) << path;
    EXPECT_TRUE(answer->starts_with("HTTP/1.1 501 Not Implemented\r\n")) << path << ": " << *answer;
    EXPECT_THAT(*answer, HasSubstr(R"({"error":"not_implemented","detail":"BREW is not a method this server implements"})"));
  }
  // Under /api/ but no version of the API: a 404 (it used to dereference an empty answer and kill the server).
  for (const std::string path : {"/api/", "/api/x", "/api/v2/points"}) {
    const WireResponse unversioned = get(path);
    EXPECT_EQ(unversioned.result_int(), 404) << path;
    EXPECT_EQ(error_of(unversioned)["error"], "not_found") << path;
  }
  EXPECT_EQ(Client(server.port()).request(wire::verb::post, "/api/v2/x", {}, "{}").result_int(), 404);
  EXPECT_EQ(get("/healthz").result_int(), 200) << "still serving";
  // The health and metrics routes answer GET and HEAD only.
  for (const std::string path : {"/healthz", "/metrics"}) {
    const WireResponse posted = Client(server.port()).request(wire::verb::post, path, {}, "");
    EXPECT_EQ(posted.result_int(), 405) << path;
    EXPECT_EQ(std::string(posted[wire::field::allow]), "GET, HEAD") << path;
  }

  Client big(server.port());
  const WireResponse oversized = big.request(wire::verb::post, "/api/v1/plan", {}, std::string(1 << 20, 'x'));
  EXPECT_EQ(oversized.result_int(), 413);
  EXPECT_EQ(error_of(oversized)["error"], "payload_too_large");
}

}  // namespace
}  // namespace infertrack::server
