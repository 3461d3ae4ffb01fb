#include "infertrack/server/http/gzip.hpp"

#include "support/gunzip.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

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

// Parts compressed one after the other make one gzip member of their text joined, whatever their sizes (empty ones,
// one larger than the 64 KiB deflate is given room for at a time, an empty last one).
TEST(GzipStream, compresses_parts_into_one_member)
{
  std::mt19937 random(7);
  std::string noise(200 * 1024, '\0');
  for (char& c : noise) {
    c = static_cast<char>(random());
  }
  const std::vector<std::string> parts = {"{\"points\":[", "", std::string(100000, 'a'), noise, "]}", ""};
  GzipStream stream;
  std::string compressed;
  std::string whole;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    stream.add(parts[i], i + 1 == parts.size(), compressed);
    whole += parts[i];
  }
  EXPECT_EQ(gunzip(compressed), whole);
  EXPECT_THROW(stream.add("late", true, compressed), std::logic_error);

  GzipStream one;
  std::string alone;
  one.add("hello", true, alone);
  EXPECT_EQ(alone, gzip_compress("hello"));
}

}  // namespace
}  // namespace infertrack::server::http
