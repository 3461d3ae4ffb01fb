#include "infertrack/server/http/open_file_limit.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdlib>

namespace infertrack::server::http {
namespace {

// In a child process, so that the limits it sets stay there.
TEST(OpenFileLimit, raises_the_soft_limit_up_to_the_hard_one_and_keeps_connections_within_it)
{
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const auto child = [] {
    rlimit limit{};
    getrlimit(RLIMIT_NOFILE, &limit);
    if (limit.rlim_max == RLIM_INFINITY || limit.rlim_max >= 1024 + 64) {
      // Room under the hard limit: the soft one goes up, and every connection fits.
      limit.rlim_cur = 300;
      setrlimit(RLIMIT_NOFILE, &limit);
      const std::size_t raised = connections_within_open_file_limit(1024);
      getrlimit(RLIMIT_NOFILE, &limit);
      if (raised != 1024 || limit.rlim_cur < 1024 + 64) {
        std::exit(3);
      }
    }
    // No room: the connections are cut to what fits beside the reserved descriptors.
    limit = rlimit{300, 300};
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) {
      std::exit(2);
    }
    std::exit(connections_within_open_file_limit(1024) == 300 - 64 ? 0 : 4);
  };
  EXPECT_EXIT(child(), testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace infertrack::server::http
