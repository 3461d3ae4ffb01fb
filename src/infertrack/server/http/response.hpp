#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace infertrack::server::http {

// What a handler answers. The server adds framing (Content-Length, Connection), negotiates gzip, sets
// the ETag and turns a matching If-None-Match into 304, so handlers only say what the content is.
struct Response
{
  int status = 200;
  std::string content_type;
  // Always the full, uncompressed body, even when `gzip_body` is set.
  std::string body;
  // Extra header fields. Framing fields (Content-Length, Transfer-Encoding, Connection) are the
  // server's and are dropped if given here.
  std::vector<std::pair<std::string, std::string>> headers;
  // The route pattern for metrics, e.g. "/points/{id}", so that one label covers every id; an empty
  // route is counted as "unrouted".
  std::string route;
  // Sent as Cache-Control when not empty, on the answer and on its 304.
  std::string cache_control;
  // A precomputed quoted ETag of `body` (see strong_etag()), for cached answers; when empty the server
  // hashes the body of a 200.
  std::string etag;
  // `body` already gzip-compressed, for cached answers; when null the server compresses on demand.
  std::shared_ptr<const std::string> gzip_body;
  // For an answer too large to build whole (an export of every point): `body` is then its beginning, and the server
  // calls this to append each next part to its argument until it returns false, sending the parts as they come
  // (chunked, with no ETag; gzip-compressed as they go when the client takes gzip). Called on the connection's
  // thread between writes; an exception breaks the answer off, which the client sees as a connection closed
  // before the body's end.
  std::function<bool(std::string&)> body_parts;

  // A `status` answer with a JSON `body`.
  static Response json(int status, std::string body);

  // A `status` answer with a UTF-8 plain-text `body`.
  static Response text(int status, std::string body);

  // A `status` answer with body {"error": `error`, "detail": `detail`}, the shape of every error the
  // server and the API send; no-store.
  static Response error(int status, std::string_view error, std::string_view detail);
};

}  // namespace infertrack::server::http
