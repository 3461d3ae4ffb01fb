#include "infertrack/server/http/gzip.hpp"

#include <zlib.h>

#include <limits>
#include <stdexcept>

namespace infertrack::server::http {

namespace {

// zlib's window bits plus 16 asks deflate for a gzip header and trailer instead of a zlib one.
constexpr int k_gzip_window_bits = 15 + 16;
constexpr int k_memory_level = 8;

}  // namespace

std::string
gzip_compress(std::string_view data, int level)
{
  std::string out;
  GzipStream(level).add(data, true, out);
  return out;
}

struct GzipStream::State
{
  z_stream stream{};
  bool ended = false;
};

GzipStream::GzipStream(int level)
  : m_state(std::make_unique<State>())
{
  if (deflateInit2(&m_state->stream, level, Z_DEFLATED, k_gzip_window_bits, k_memory_level, Z_DEFAULT_STRATEGY) !=
      Z_OK) {
    throw std::runtime_error("GzipStream: deflateInit2 failed");
  }
}

GzipStream::~GzipStream()
{
  deflateEnd(&m_state->stream);
}

void
GzipStream::add(std::string_view part, bool last, std::string& out)
{
  if (m_state->ended) {
    throw std::logic_error("GzipStream: a part after the last");
  }
  if (part.size() >= std::numeric_limits<uInt>::max() / 2) {
    throw std::length_error("GzipStream: part too large");
  }
  z_stream& stream = m_state->stream;
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(part.data()));
  stream.avail_in = static_cast<uInt>(part.size());
  const int flush = last ? Z_FINISH : Z_NO_FLUSH;
  constexpr std::size_t k_room = 64 * 1024;
  for (;;) {
    const std::size_t before = out.size();
    out.resize(before + k_room);
    stream.next_out = reinterpret_cast<Bytef*>(out.data() + before);
    stream.avail_out = static_cast<uInt>(k_room);
    const int status = deflate(&stream, flush);
    out.resize(before + k_room - stream.avail_out);
    if (status == Z_STREAM_END) {
      m_state->ended = true;
      return;
    }
    if (status != Z_OK && status != Z_BUF_ERROR) {
      throw std::runtime_error("GzipStream: deflate failed");
    }
    // Without Z_FINISH, deflate is done with the part once it has taken it all and left output room.
    if (!last && stream.avail_in == 0 && stream.avail_out != 0) {
      return;
    }
  }
}

}  // namespace infertrack::server::http
