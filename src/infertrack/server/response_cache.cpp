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
  const Kept* kept = m_kept.find(target);
  if (kept == nullptr) {
    return std::nullopt;
  }
  if (kept->data_version != data_version) {
    m_kept.erase(target);
    return std::nullopt;
  }
  return kept->response;
}

http::Response
ResponseCache::store(const std::string& target, std::int64_t data_version, http::Response response)
{
  // A no-store answer differs each time (an export records when it was made); one sent in parts is never whole.
  if (response.status != 200 || response.cache_control == "no-store" || response.body_parts) {
    return response;
  }
  const std::size_t largest = m_kept.budget_bytes() / k_largest_share;
  if (cost_of(target, response) > largest) {
    // Never kept: the server computes its ETag, and gzip only for a client that asks for it.
    return response;
  }
  response.etag = http::strong_etag(response.body);
  response.gzip_body = std::make_shared<const std::string>(http::gzip_compress(response.body));
  const std::size_t cost = cost_of(target, response);
  std::lock_guard lock(m_mutex);
  if (cost > largest) {
    m_kept.erase(target);
  } else {
    m_kept.keep(target, Kept{data_version, response}, cost);
  }
  return response;
}

std::size_t
ResponseCache::size_bytes() const
{
  std::lock_guard lock(m_mutex);
  return m_kept.size_bytes();
}

std::size_t
ResponseCache::entries() const
{
  std::lock_guard lock(m_mutex);
  return m_kept.entries();
}

}  // namespace infertrack::server
