#include "infertrack/server/http/open_file_limit.hpp"

#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <algorithm>

namespace infertrack::server::http {
namespace {

// Descriptors beside the connections: the database and its journal, logs, the listening socket, the threads'
// wake-ups, and the one socket a refusal over the limit needs.
constexpr std::size_t k_reserved_descriptors = 64;

}  // namespace

std::size_t
connections_within_open_file_limit(std::size_t wanted)
{
  const auto needed = static_cast<rlim_t>(wanted + k_reserved_descriptors);
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= needed) {
    return wanted;
  }
  limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? needed : std::min(needed, limit.rlim_max);
  setrlimit(RLIMIT_NOFILE, &limit);
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= needed) {
    return wanted;
  }
  const auto open_files = static_cast<std::size_t>(limit.rlim_cur);
  const std::size_t fits =
    open_files > 2 * k_reserved_descriptors ? open_files - k_reserved_descriptors : open_files / 2;
  spdlog::warn("the open-file limit ({}) leaves room for {} connections, not {}: serving at most {} (raise 'ulimit -n' "
               "for more)",
               open_files, fits, wanted, fits);
  return fits;
}

}  // namespace infertrack::server::http
