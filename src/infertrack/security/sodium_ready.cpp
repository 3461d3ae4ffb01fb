#include "infertrack/security/sodium_ready.hpp"

#include <sodium.h>

#include <stdexcept>

namespace infertrack::security {

void
ensure_sodium_ready()
{
  // A function-local static runs sodium_init() exactly once, even when threads race here.
  static const bool k_ready = sodium_init() >= 0;
  if (!k_ready) {
    throw std::runtime_error("libsodium could not be initialised");
  }
}

}  // namespace infertrack::security
