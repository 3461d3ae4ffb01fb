#include "infertrack/server/http/representation.hpp"

#include "infertrack/server/http/etag.hpp"
#include "infertrack/server/http/gzip.hpp"

#include <gtest/gtest.h>

namespace infertrack::server::http {
namespace {

constexpr std::size_t k_min_size = 1024;

Request
get(std::vector<std::pair<std::string, std::string>> headers = {})
{
  Request request;
  request.method = "GET";
  request.headers = std::move(headers);
  return request;
}

Response
large_json()
{
  return Response::json(200, std::string(4096, 'x'));
}

TEST(is_compressible, knows_text_like_types)
{
  EXPECT_TRUE(is_compressible("text/html; charset=utf-8"));
  EXPECT_TRUE(is_compressible("Application/JSON"));
  EXPECT_TRUE(is_compressible("application/javascript"));
  EXPECT_TRUE(is_compressible("image/svg+xml"));
  EXPECT_TRUE(is_compressible("application/problem+json"));
  EXPECT_FALSE(is_compressible("image/png"));
  EXPECT_FALSE(is_compressible("application/octet-stream"));
  EXPECT_FALSE(is_compressible(""));
}

TEST(accepts_gzip, reads_codings_and_q_values)
{
  EXPECT_TRUE(accepts_gzip("gzip"));
  EXPECT_TRUE(accepts_gzip("deflate, GZIP;q=0.5, br"));
  EXPECT_TRUE(accepts_gzip("x-gzip"));
  EXPECT_TRUE(accepts_gzip("*"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("gzip; q=0.000, *"));
  EXPECT_FALSE(accepts_gzip("identity, br"));
  EXPECT_FALSE(accepts_gzip("*;q=0"));
  EXPECT_FALSE(accepts_gzip(""));
}

TEST(choose_representation, gzips_large_text_when_accepted)
{
  const Response response = large_json();
  const Representation chosen =
    choose_representation(get({{"accept-encoding", "gzip, br"}}), response, BodyMode::full, k_min_size);
  EXPECT_TRUE(chosen.gzip);
  EXPECT_TRUE(chosen.vary_encoding);
  ASSERT_NE(chosen.compressed, nullptr);
  EXPECT_EQ(chosen.body, *chosen.compressed);
  EXPECT_EQ(chosen.etag, gzip_etag(strong_etag(response.body)));
}

TEST(choose_representation, sends_identity_when_not_accepted_small_or_binary)
{
  const Representation not_asked = choose_representation(get(), large_json(), BodyMode::full, k_min_size);
  EXPECT_FALSE(not_asked.gzip);
  EXPECT_TRUE(not_asked.vary_encoding); // the choice still depended on Accept-Encoding
  EXPECT_EQ(not_asked.body.size(), 4096U);

  const auto gzip = get({{"accept-encoding", "gzip"}});
  const Representation small =
    choose_representation(gzip, Response::json(200, "{}"), BodyMode::full, k_min_size);
  EXPECT_FALSE(small.gzip);
  EXPECT_FALSE(small.vary_encoding);

  Response png = large_json();
  png.content_type = "image/png";
  EXPECT_FALSE(choose_representation(gzip, png, BodyMode::full, k_min_size).gzip);
}

TEST(choose_representation, uses_the_precomputed_gzip_body_and_etag)
{
  Response response = large_json();
  response.gzip_body = std::make_shared<const std::string>(gzip_compress(response.body, 1));
  response.etag = "\"cached\"";
  const Representation chosen =
    choose_representation(get({{"accept-encoding", "gzip"}}), response, BodyMode::full, k_min_size);
  EXPECT_EQ(chosen.compressed, response.gzip_body);
  EXPECT_EQ(chosen.etag, "\"cached-gzip\"");
}

TEST(choose_representation, answers_304_when_if_none_match_matches)
{
  const Response response = large_json();
  const std::string etag = strong_etag(response.body);

  const Representation identity =
    choose_representation(get({{"if-none-match", etag}}), response, BodyMode::full, k_min_size);
  EXPECT_EQ(identity.status, 304);
  EXPECT_FALSE(identity.send_body);
  EXPECT_TRUE(identity.body.empty());
  EXPECT_EQ(identity.etag, etag);

  // A tag cached from the identity form still validates the gzip form, and the reverse.
  const Representation gzip = choose_representation(
    get({{"if-none-match", etag}, {"accept-encoding", "gzip"}}), response, BodyMode::full, k_min_size);
  EXPECT_EQ(gzip.status, 304);
  EXPECT_EQ(gzip.etag, gzip_etag(etag));
  EXPECT_EQ(gzip.compressed, nullptr);

  const Representation stale =
    choose_representation(get({{"if-none-match", "\"other\""}}), response, BodyMode::full, k_min_size);
  EXPECT_EQ(stale.status, 200);
}

TEST(choose_representation, gives_etags_only_to_200s_with_a_body)
{
  EXPECT_TRUE(choose_representation(get(), Response::json(404, "{}"), BodyMode::full, k_min_size)
                .etag.empty());
  EXPECT_TRUE(
    choose_representation(get(), Response::json(200, ""), BodyMode::full, k_min_size).etag.empty());
  EXPECT_FALSE(
    choose_representation(get(), Response::json(200, "{}"), BodyMode::full, k_min_size).etag.empty());
}

// A body sent in parts has no ETag to match (only its beginning is known) and is worth compressing whatever that
// beginning's size.
TEST(choose_representation, streams_parts_without_an_etag_and_gzips_them_when_accepted)
{
  Response response = Response::json(200, "[");
  response.body_parts = [](std::string&) { return false; };
  const Representation plain = choose_representation(get({{"if-none-match", "*"}}), response, BodyMode::full, k_min_size);
  EXPECT_TRUE(plain.streamed);
  EXPECT_EQ(plain.status, 200);
  EXPECT_TRUE(plain.etag.empty());
  EXPECT_FALSE(plain.gzip);
  EXPECT_TRUE(plain.vary_encoding);
  EXPECT_EQ(plain.body, "[");

  const Representation gzipped = choose_representation(get({{"accept-encoding", "gzip"}}), response, BodyMode::full, k_min_size);
  EXPECT_TRUE(gzipped.gzip);
  EXPECT_EQ(gzipped.body, "[") << "the server compresses the parts as it sends them";
  EXPECT_EQ(gzipped.compressed, nullptr);
}

TEST(choose_representation, keeps_the_length_but_not_the_body_for_head)
{
  const Representation chosen =
    choose_representation(get(), Response::text(200, "hello"), BodyMode::headers_only, k_min_size);
  EXPECT_EQ(chosen.status, 200);
  EXPECT_FALSE(chosen.send_body);
  EXPECT_EQ(chosen.body.size(), 5U);
}

}  // namespace
}  // namespace infertrack::server::http
