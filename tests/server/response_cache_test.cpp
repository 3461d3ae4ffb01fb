#include "infertrack/server/response_cache.hpp"

#include "support/gunzip.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace infertrack::server {
namespace {

using test::gunzip;

http::Response
answer(std::size_t bytes, char fill = 'x')
{
  return http::Response::json(200, "\"" + std::string(bytes, fill) + "\"");
}

// What the cache charges for `target` once store() has added the ETag and gzip body.
std::size_t
charged(const std::string& target, const http::Response& stored)
{
  return ResponseCache::cost_of(target, stored);
}

TEST(ResponseCache, keeps_an_answer_with_its_etag_and_gzip_until_the_data_changes)
{
  ResponseCache cache;
  const http::Response sent = cache.store("/api/v1/presets", 7, answer(1000));
  EXPECT_FALSE(sent.etag.empty());
  ASSERT_NE(sent.gzip_body, nullptr);
  EXPECT_EQ(gunzip(*sent.gzip_body), sent.body);

  const auto found = cache.find("/api/v1/presets", 7);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->body, sent.body);
  EXPECT_EQ(found->etag, sent.etag);
  EXPECT_EQ(found->gzip_body, sent.gzip_body); // shared, not compressed again
  EXPECT_EQ(cache.size_bytes(), charged("/api/v1/presets", sent));

  // Another data version: stale, and dropped.
  EXPECT_FALSE(cache.find("/api/v1/presets", 8).has_value());
  EXPECT_EQ(cache.entries(), 0);
  EXPECT_EQ(cache.size_bytes(), 0);
}

TEST(ResponseCache, passes_no_store_answers_through_uncached)
{
  ResponseCache cache;
  http::Response export_answer = answer(100);
  export_answer.cache_control = "no-store";
  const http::Response sent = cache.store("/api/v1/export/points", 7, export_answer);
  EXPECT_EQ(sent.body, export_answer.body);
  EXPECT_FALSE(cache.find("/api/v1/export/points", 7).has_value());
  EXPECT_EQ(cache.entries(), 0);
}

TEST(ResponseCache, passes_errors_through_uncached)
{
  ResponseCache cache;
  const http::Response sent = cache.store("/api/v1/frontier?model=x", 1, http::Response::error(404, "unknown_model", "x"));
  EXPECT_EQ(sent.status, 404);
  EXPECT_TRUE(sent.etag.empty());
  EXPECT_FALSE(cache.find("/api/v1/frontier?model=x", 1).has_value());
}

TEST(ResponseCache, stays_within_its_byte_budget_evicting_the_least_recently_used)
{
  // Bodies of 10 KB each; the budget holds nine of them.
  const std::size_t budget = 100 * 1024;
  ResponseCache cache(budget);
  auto body = [](int i) { return answer(10 * 1024, static_cast<char>('a' + i)); };
  for (int i = 0; i < 9; ++i) {
    cache.store("/t" + std::to_string(i), 1, body(i));
  }
  EXPECT_EQ(cache.entries(), 9);
  ASSERT_TRUE(cache.find("/t0", 1).has_value()); // /t0 is now the most recently used, /t1 the least

  for (int i = 9; i < 20; ++i) {
    cache.store("/t" + std::to_string(i), 1, body(i));
    EXPECT_LE(cache.size_bytes(), budget) << i;
    if (i == 9) {
      EXPECT_FALSE(cache.find("/t1", 1).has_value()); // evicted first
      EXPECT_TRUE(cache.find("/t0", 1).has_value());  // kept: used more recently than /t1 .. /t8
    }
  }
  EXPECT_TRUE(cache.find("/t19", 1).has_value());
  EXPECT_FALSE(cache.find("/t2", 1).has_value());
  EXPECT_LE(cache.size_bytes(), budget);
  EXPECT_GE(cache.entries(), 3);
}

TEST(ResponseCache, never_keeps_an_answer_bigger_than_an_eighth_of_the_budget)
{
  ResponseCache cache(64 * 1024);
  cache.store("/small", 1, answer(100));
  cache.store("/within", 1, answer(7 * 1024));
  EXPECT_TRUE(cache.find("/within", 1).has_value());
  const http::Response big = cache.store("/big", 1, answer(10 * 1024));
  EXPECT_EQ(big.status, 200);
  EXPECT_EQ(big.body.size(), 10 * 1024 + 2);
  EXPECT_FALSE(cache.find("/big", 1).has_value());
  EXPECT_TRUE(cache.find("/small", 1).has_value()); // and it flushed nothing
}

TEST(ResponseCache, replacing_an_answer_charges_only_the_new_one)
{
  ResponseCache cache;
  cache.store("/same", 1, answer(5000));
  const http::Response second = cache.store("/same", 2, answer(300));
  EXPECT_EQ(cache.entries(), 1);
  EXPECT_EQ(cache.size_bytes(), charged("/same", second));
  const auto found = cache.find("/same", 2);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->body, second.body);
}

TEST(ResponseCache, the_default_budget_is_eight_mebibytes)
{
  EXPECT_EQ(ResponseCache().budget_bytes(), 8u * 1024 * 1024);
}

}  // namespace
}  // namespace infertrack::server
