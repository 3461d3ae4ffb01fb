#include "infertrack/server/http/free_heap.hpp"

#include <gtest/gtest.h>

#include <cstdlib> // defines __GLIBC__ on the GNU C library
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace infertrack::server::http {
namespace {

// Anonymous resident memory of this process in KiB (Linux), or -1 where /proc does not say.
long
resident_anonymous_kib()
{
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with("RssAnon:")) {
      return std::stol(line.substr(8));
    }
  }
  return -1;
}

#if defined(__GLIBC__) && defined(__linux__)
TEST(FreeHeap, gives_freed_small_blocks_back_to_the_system)
{
  // 64 MiB in blocks the size of a point's strings, freed while one block allocated after them pins the
  // top of the heap: the allocator keeps such memory on its own, as a server's large answers leave it.
  constexpr std::size_t k_blocks = 256 * 1024;
  std::vector<std::unique_ptr<char[]>> blocks;
  blocks.reserve(k_blocks);
  for (std::size_t i = 0; i < k_blocks; ++i) {
    blocks.emplace_back(new char[256]);
    blocks.back()[0] = static_cast<char>(i); // touch each block, so its page is resident
    blocks.back()[255] = static_cast<char>(i);
  }
  auto pin = std::make_unique<char[]>(256);
  pin[0] = 1;
  blocks.clear();
  const long before = resident_anonymous_kib();
  ASSERT_GT(before, 0);

  EXPECT_TRUE(return_free_heap_to_os());
  const long after = resident_anonymous_kib();
  EXPECT_LT(after, before - 32 * 1024) << "RssAnon " << before << " KiB -> " << after << " KiB";
}
#endif

}  // namespace
}  // namespace infertrack::server::http
