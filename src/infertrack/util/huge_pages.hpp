#pragma once

#include <cstddef>

namespace infertrack::util {

// Asks the kernel to back the untouched memory [data, data + bytes) with 2 MiB pages where it can (Linux
// transparent huge pages, here enabled on request only). For a large table probed at random, where a miss in
// the address translation cache costs more than the probe; a no-op elsewhere and when the kernel declines.
void advise_huge_pages(const void* data, std::size_t bytes);

}  // namespace infertrack::util
