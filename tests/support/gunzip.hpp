#pragma once

#include <zlib.h>

#include <stdexcept>
#include <string>

namespace infertrack::test {

// Inflates a gzip stream with zlib itself, independently of the code under test; throws on a broken stream.
inline std::string
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

}  // namespace infertrack::test
