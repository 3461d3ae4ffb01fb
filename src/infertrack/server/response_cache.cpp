#include "infertrack/server/response_cache.hpp"

#include "infertrack/server/http/etag.hpp"
#include "infertrack/server/http/gzip.hpp"

#include <memory>

namespace infertrack::server {
namespace {

// Per entry: the list and map nodes, the Response's strings and the shared gzip block, roughly.
constexpr std::size_t k_entry_overhead_bytes = 512;
// An answer may take at most this share of the budget (1 MiB of the default), so that one huge answer
// cannot flush the rest: a model's latest runs (~0.5 MB) are kept, the pages of a points listing are not.
constexpr std::size_t k_largest_share = 8;

}  // namespace

std::size_t
ResponseCache::cost_of(const std::string& target, const http::Response& response)
{
  std::size_t cost = k_entry_overhead_bytes + target.size() + response.body.size() + response.content_type.size() +
                     response.route.size() + response.cache_control.size() + response.etag.size();
  if (response.gzip_body) {
    cost += response.gzip_body->size();
  }
  for (const auto& [name, value] : response.headers) {
    cost += name.size() + value.size();
  }
  return cost;
}

std::optional<http::Response>
ResponseCache::find(const std::string& target, std::int64_t data_version)
{
  std::lock_guard lock(m_mutex);
  const auto found = m_by_target.find(target);
  if (found == m_by_target.end()) {
    return std::nullopt;
  }
  if (found->second->data_version != data_version) {
    erase(found->second);
    return std::nullopt;
  }
  m_recency.splice(m_recency.begin(), m_recency, found->second);
  return found->second->response;
}

http::Response
ResponseCache::store(const std::string& target, std::int64_t data_version, http::Response response)
{
  if (response.status != 200) {
    return response;
  }
  const std::size_t largest = m_budget / k_largest_share;
  if (cost_of(target, response) > largest) {
    // Never kept: the server computes its ETag, and gzip only for a client that asks for it.
    return response;
  }
  response.etag = http::strong_etag(response.body);
  response.gzip_body = std::make_shared<const std::string>(http::gzip_compress(response.body));
  const std::size_t cost = cost_of(target, response);
  std::lock_guard lock(m_mutex);
  if (const auto old = m_by_target.find(target); old != m_by_target.end()) {
    erase(old->second);
  }
  if (cost > largest) {
    return response;
  }
  while (m_bytes + cost > m_budget && !m_recency.empty()) {
    erase(std::prev(m_recency.end()));
  }
  m_recency.push_front(Entry{target, data_version, response, cost});
  m_by_target.emplace(target, m_recency.begin());
  m_bytes += cost;
  return response;
}

std::size_t
ResponseCache::size_bytes() const
{
  std::lock_guard lock(m_mutex);
  return m_bytes;
}

std::size_t
ResponseCache::entries() const
{
  std::lock_guard lock(m_mutex);
  return m_recency.size();
}

void
ResponseCache::erase(Recency::iterator entry)
{
  m_bytes -= entry->cost;
  m_by_target.erase(entry->target);
  m_recency.erase(entry);
}

}  // namespace infertrack::server
