#pragma once

#include "infertrack/server/http/response.hpp"
#include "infertrack/util/bytes_budget_lru.hpp"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace infertrack::server {

// Finished answers by request target, with their ETag and gzip body computed once, kept until the data
// they came from changes: repeated dashboard queries then cost a map lookup, not a query and a
// compression. Bounded by bytes, not by count: one answer may be a few hundred bytes or a few megabytes.
class ResponseCache
{
public:
  // Enough for every answer a dashboard session asks for on a large database (a model's latest runs are
  // about 430 KB of JSON, 28 KB gzip), small beside the server's other memory.
  static constexpr std::size_t k_default_budget_bytes = 8 * 1024 * 1024;

  // Keeps answers whose charged bytes (cost_of) add up to at most `budget_bytes`, evicting the least
  // recently used first; an answer costing more than an eighth of the budget is never kept.
  explicit ResponseCache(std::size_t budget_bytes = k_default_budget_bytes) : m_kept(budget_bytes) {}

  // The answer cached for `target` while the store was at `data_version`, if any. A stale entry (other
  // data version) is dropped.
  std::optional<http::Response> find(const std::string& target, std::int64_t data_version);

  // Caches a 200 answer not marked no-store (others pass through), adding its ETag and gzip body; returns what to
  // send.
  http::Response store(const std::string& target, std::int64_t data_version, http::Response response);

  // What an entry is charged: its target, body, gzip body and header text, plus a fixed allowance for the
  // bookkeeping around them.
  static std::size_t cost_of(const std::string& target, const http::Response& response);

  // The bytes charged for every kept answer, and how many answers that is.
  std::size_t size_bytes() const;
  std::size_t entries() const;
  std::size_t budget_bytes() const { return m_kept.budget_bytes(); }

private:
  struct Kept
  {
    std::int64_t data_version = 0;
    http::Response response;
  };

  mutable std::mutex m_mutex;
  util::BytesBudgetLru<Kept> m_kept;
};

}  // namespace infertrack::server
