#include "infertrack/server/http/gzip.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <stdexcept>

namespace infertrack::server::http {
namespace {

// Inflates a gzip stream with zlib itself, independently of the code under test.
std::string
gunzip(const std::string& compressed)
{
  z_stream stream{};
  constexpr int k_gzip_only = 15 + 16;
  if (inflateInit2(&stream, k_gzip_only) != Z_OK) {
    throw std::runtime_error("inflateInit2");
  }
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  stream.avail_in = static_cast<uInt>(compressed.size());
  std::string out;
  char chunk[16384];
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof chunk;
    status = inflate(&stream, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - stream.avail_out);
  }
  inflateEnd(&stream);
  if (status != Z_STREAM_END) {
    throw std::runtime_error("inflate failed");
  }
  return out;
}

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
