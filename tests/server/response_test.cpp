#include "infertrack/server/http/response.hpp"

#include <gtest/gtest.h>

namespace infertrack::server::http {
namespace {

TEST(Response, error_escapes_its_texts_as_json)
{
  const Response response = Response::error(400, "bad_parameter", "a\"b\\c\nd\te\x01 caf\xC3\xA9");
  EXPECT_EQ(response.body, "{\"error\":\"bad_parameter\",\"detail\":\"a\\\"b\\\\c\\nd\\te\\u0001 caf\xC3\xA9\"}");
  // A byte that is not UTF-8 (from a hostile query string) still makes valid JSON.
  EXPECT_EQ(Response::error(400, "bad_parameter", "x\xff").body, R"({"error":"bad_parameter","detail":"x\u00ff"})");
}

TEST(Response, error_has_the_error_and_detail_shape)
{
  const Response response = Response::error(413, "payload_too_large", "over \"64\" KiB");
  EXPECT_EQ(response.status, 413);
  EXPECT_EQ(response.content_type, "application/json");
  EXPECT_EQ(response.body, R"({"error":"payload_too_large","detail":"over \"64\" KiB"})");
  // Not kept by any cache: a 404 would be cacheable by default, and outlive the ingest that adds the point.
  EXPECT_EQ(response.cache_control, "no-store");
}

TEST(Response, factories_set_the_content_type)
{
  EXPECT_EQ(Response::json(201, "{}").content_type, "application/json");
  const Response text = Response::text(404, "no");
  EXPECT_EQ(text.status, 404);
  EXPECT_EQ(text.content_type, "text/plain; charset=utf-8");
  EXPECT_EQ(text.body, "no");
}

}  // namespace
}  // namespace infertrack::server::http
