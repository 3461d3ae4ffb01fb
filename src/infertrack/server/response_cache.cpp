#include "infertrack/server/response_cache.hpp"

#include "infertrack/server/http/etag.hpp"
#include "infertrack/server/http/gzip.hpp"

#include <memory>

namespace infertrack::server {

std::optional<http::Response>
ResponseCache::find(const std::string& target, std::int64_t data_version) const
{
  std::lock_guard lock(m_mutex);
  const auto entry = m_entries.find(target);
  if (entry == m_entries.end() || entry->second.data_version != data_version) {
    return std::nullopt;
  }
  return entry->second.response;
}

http::Response
ResponseCache::store(const std::string& target, std::int64_t data_version, http::Response response)
{
  if (response.status != 200) {
    return response;
  }
  response.etag = http::strong_etag(response.body);
  response.gzip_body = std::make_shared<const std::string>(http::gzip_compress(response.body));
  std::lock_guard lock(m_mutex);
  if (m_entries.size() >= m_capacity) {
    m_entries.clear();
  }
  m_entries.insert_or_assign(target, Entry{data_version, response});
  return response;
}

}  // namespace infertrack::server
