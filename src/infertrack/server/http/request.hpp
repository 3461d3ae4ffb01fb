#pragma once

#include "infertrack/util/result.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace infertrack::server::http {

// One parsed HTTP request, free of any socket or Beast type, so that handlers stay plain functions
// that tests can call directly.
struct Request
{
  // Upper-case as sent, except HEAD, which the server presents as "GET" and answers without a body.
  std::string method;
  // The request target exactly as sent (path and query, still percent-encoded).
  std::string target;
  // The target's path, percent-decoded ("/points/a%20b" -> "/points/a b").
  std::string path;
  // The query's name/value pairs, percent-decoded with '+' as space, in the order sent.
  std::vector<std::pair<std::string, std::string>> query;
  // Header fields in the order sent, names lower-cased.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // The peer's IP address, for logs.
  std::string client_address;
  // The network per-client limits count the peer in (client_network.hpp).
  std::string client_network;

  // The value of the first header field named `name` (any case), or nothing.
  std::optional<std::string_view> header(std::string_view name) const;

  // The value of the first query parameter named `name` (exact match), or nothing.
  std::optional<std::string_view> query_value(std::string_view name) const;
};

// The path and query of a request target, percent-decoded.
struct DecodedTarget
{
  std::string path;
  std::vector<std::pair<std::string, std::string>> query;
};

// Splits `target` (origin form "/p?q", absolute form "http://host/p?q", or "*") into its decoded path
// and query. Fails on a malformed percent-escape or an encoded NUL, which no legitimate client sends.
util::Result<DecodedTarget> decode_target(std::string_view target);

}  // namespace infertrack::server::http
