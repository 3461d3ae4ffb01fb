#include "infertrack/util/huge_pages.hpp"

#include <sys/mman.h>

#include <cstdint>

namespace infertrack::util {

void
advise_huge_pages(const void* data, std::size_t bytes)
{
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t k_huge_page = std::uintptr_t{2} << 20;
  const auto start = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (start + k_huge_page - 1) & ~(k_huge_page - 1);
  const std::uintptr_t last = (start + bytes) & ~(k_huge_page - 1);
  if (last > first) {
    ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);  // a hint: a refusal changes nothing
  }
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace infertrack::util
