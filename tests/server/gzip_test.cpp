#include "infertrack/server/http/gzip.hpp"

#include "support/gunzip.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

namespace infertrack::server::http {
namespace {

using test::gunzip;

TEST(gzip_compress, round_trips_through_zlib)
{
  std::string text;
  for (int i = 0; i < 2000; ++i) {
    text += R"({"model":"deepseek","tokens_per_second":)" + std::to_string(i) + "},";
  }
  const std::string compressed = gzip_compress(text);
  EXPECT_LT(compressed.size(), text.size() / 5);
  EXPECT_EQ(gunzip(compressed), text);
}

TEST(gzip_compress, writes_a_gzip_header)
{
  const std::string compressed = gzip_compress("hello");
  ASSERT_GE(compressed.size(), 18U); // 10-byte header, 8-byte trailer
  EXPECT_EQ(static_cast<unsigned char>(compressed[0]), 0x1F);
  EXPECT_EQ(static_cast<unsigned char>(compressed[1]), 0x8B);
  EXPECT_EQ(gunzip(compressed), "hello");
}

TEST(gzip_compress, handles_empty_and_incompressible_input)
{
  EXPECT_EQ(gunzip(gzip_compress("")), "");

  std::mt19937 random(42);
  std::string noise(256 * 1024, '\0');
  for (char& c : noise) {
    c = static_cast<char>(random());
  }
  for (const int level : {1, 9}) {
    EXPECT_EQ(gunzip(gzip_compress(noise, level)), noise);
  }
}

}  // namespace
}  // namespace infertrack::server::http
