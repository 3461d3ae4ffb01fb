#include "infertrack/server/http/free_heap.hpp"

#include <cstdlib> // defines __GLIBC__ on the GNU C library

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace infertrack::server::http {

bool
return_free_heap_to_os()
{
#if defined(__GLIBC__)
  return malloc_trim(0) == 1;
#else
  return false;
#endif
}

}  // namespace infertrack::server::http
