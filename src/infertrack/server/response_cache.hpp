#pragma once

#include "infertrack/server/http/response.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace infertrack::server {

// Finished API answers by request target, with their ETag and gzip body computed once, kept until the
// data they came from changes: repeated dashboard queries then cost a map lookup, not a query and a
// compression.
class ResponseCache
{
public:
  // At most `capacity` answers are kept; when full the cache starts over (answers are cheap to rebuild
  // and a dashboard asks for a few dozen distinct targets).
  explicit ResponseCache(std::size_t capacity) : m_capacity(capacity) {}

  // The answer cached for `target` while the store was at `data_version`, if any.
  std::optional<http::Response> find(const std::string& target, std::int64_t data_version) const;

  // Caches a 200 answer (others pass through), adding its ETag and gzip body; returns what to send.
  http::Response store(const std::string& target, std::int64_t data_version, http::Response response);

private:
  struct Entry
  {
    std::int64_t data_version = 0;
    http::Response response;
  };

  std::size_t m_capacity;
  mutable std::mutex m_mutex;
  std::map<std::string, Entry, std::less<>> m_entries;
};

}  // namespace infertrack::server
