// advise_huge_pages asks for 2 MiB pages over the aligned part of a range; the kernel shows what it gave in
// /proc/self/smaps (AnonHugePages of the mapping).
#include "infertrack/util/huge_pages.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

namespace infertrack::util {
namespace {

constexpr std::size_t k_huge_page = std::size_t{2} << 20;

// The kernel's transparent huge page setting: "always", "madvise" or "never".
std::string
huge_page_setting()
{
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  std::getline(in, line);
  const std::size_t open = line.find('[');
  return open == std::string::npos ? "" : line.substr(open + 1, line.find(']') - open - 1);
}

// The kB of huge pages backing the mappings that start inside [start, start + bytes), from /proc/self/smaps
// (advising part of a mapping splits it in two or three); -1 when no mapping starts there.
long
huge_page_kib_in(const char* start, std::size_t bytes)
{
  std::ifstream smaps("/proc/self/smaps");
  long total = -1;
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    const std::size_t dash = line.find('-');
    const std::size_t space = line.find(' ');
    if (dash != std::string::npos && space != std::string::npos && dash < space && line.find(':') > space) {
      const auto first = std::stoull(line.substr(0, dash), nullptr, 16);
      const auto low = reinterpret_cast<std::uintptr_t>(start);
      inside = first >= low && first < low + bytes;
      total = inside && total < 0 ? 0 : total;
    } else if (inside && line.starts_with("AnonHugePages:")) {
      total += std::stol(line.substr(14));
    }
  }
  return total;
}

TEST(advise_huge_pages, backs_the_aligned_part_of_a_range_with_huge_pages)
{
  if (huge_page_setting() != "madvise") {
    GTEST_SKIP() << "transparent huge pages are \"" << huge_page_setting() << "\" here, not given on request";
  }
  // Three huge pages' worth, mapped alone and aligned, so that the mapping's smaps entry is this range.
  const std::size_t bytes = 3 * k_huge_page;
  void* mapped = ::mmap(nullptr, bytes + k_huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(mapped, MAP_FAILED);
  const auto aligned = (reinterpret_cast<std::uintptr_t>(mapped) + k_huge_page - 1) & ~(k_huge_page - 1);
  char* range = reinterpret_cast<char*>(aligned);
  ::munmap(mapped, aligned - reinterpret_cast<std::uintptr_t>(mapped));
  // A range starting 100 bytes in: its first and last partial huge pages stay small, the two between are advised.
  advise_huge_pages(range + 100, bytes - 100);
  std::memset(range, 1, bytes);
  const long advised = huge_page_kib_in(range, bytes);
  ::munmap(range, bytes);
  EXPECT_GE(advised, 0) << "no smaps entry for the range";
  EXPECT_LE(advised, 2 * 2048);  // never the partial huge pages at either end
  EXPECT_GT(advised, 0) << "the kernel gave no huge page (memory too fragmented?)";
}

}  // namespace
}  // namespace infertrack::util
