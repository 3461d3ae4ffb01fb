#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"

#include <functional>

namespace infertrack::server::http {

// Turns one request into its answer, with no socket in sight. Called on the server's worker threads,
// so it must be thread-safe when ServerOptions::threads > 1, and it should not block for long: a
// worker serves many connections. An exception it throws becomes a 500 and a log line.
using Handler = std::function<Response(const Request&)>;

}  // namespace infertrack::server::http
