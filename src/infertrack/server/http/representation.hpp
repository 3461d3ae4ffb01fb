#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace infertrack::server::http {

// Whether the client asked for the body (GET) or only the headers (HEAD).
enum class BodyMode
{
  full,
  headers_only,
};

// What goes on the wire for one answer: the handler's Response after content coding (gzip),
// validation (ETag, If-None-Match -> 304) and HEAD. Kept apart from the socket code so that every
// rule here is testable without one.
struct Representation
{
  int status = 200;
  std::string etag;        // quoted; empty when none is sent
  bool gzip = false;       // Content-Encoding: gzip
  bool vary_encoding = false; // Vary: Accept-Encoding, since the body depended on it
  // The bytes of the chosen coding. Points into the Response's body or into `compressed`, so it lives
  // as long as both.
  std::string_view body;
  std::shared_ptr<const std::string> compressed;
  // False for HEAD and for 304: headers only. Content-Length is still body.size() for HEAD.
  bool send_body = true;
  // The body follows in parts (Response::body_parts): `body` is its uncompressed beginning, and with `gzip` the
  // server compresses the parts as it sends them. No ETag, no Content-Length.
  bool streamed = false;
};

// Whether `content_type` is text-like (text/*, JSON, JavaScript, XML, SVG), so that gzip pays off.
bool is_compressible(std::string_view content_type);

// Whether an Accept-Encoding `header_value` accepts gzip (a "gzip", "x-gzip" or "*" token whose q is
// not 0).
bool accepts_gzip(std::string_view header_value);

// Chooses the representation of `response` for `request`: gzip when the client accepts it and the
// body is text-like and at least `gzip_min_size` bytes (using response.gzip_body when set); an ETag
// on a 200 with a body; 304 when a GET's If-None-Match matches it; no body for `mode` headers_only. A body sent
// in parts has no ETag and is compressed whatever its size (it is large).
Representation choose_representation(const Request& request, const Response& response, BodyMode mode,
                                     std::size_t gzip_min_size);

}  // namespace infertrack::server::http
