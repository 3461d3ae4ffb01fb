#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace infertrack::server::http {

// zlib's default trade of speed for size.
inline constexpr int k_default_gzip_level = 6;

// `data` deflated with a gzip header and trailer (RFC 1952), as sent with Content-Encoding: gzip.
// `level` is zlib's 1 (fastest) to 9 (smallest). Throws std::runtime_error only if zlib itself fails
// (out of memory).
std::string gzip_compress(std::string_view data, int level = k_default_gzip_level);

// One gzip member (RFC 1952) compressed a part at a time, for a body sent as it is made: the parts' output, in
// order, is what gzip_compress gives of the parts joined (the same stream, maybe cut elsewhere).
class GzipStream
{
public:
  explicit GzipStream(int level = k_default_gzip_level);
  ~GzipStream();
  GzipStream(const GzipStream&) = delete;
  GzipStream& operator=(const GzipStream&) = delete;

  // Compresses `part` and appends what deflate gives out so far to `out`; `last` ends the member (its trailer),
  // after which no part may follow. Throws std::runtime_error only if zlib itself fails.
  void add(std::string_view part, bool last, std::string& out);

private:
  struct State;
  std::unique_ptr<State> m_state;
};

}  // namespace infertrack::server::http
