#pragma once

namespace infertrack::security {

// Initialises libsodium once per process (thread-safe); every function of this layer calls it first.
// Throws std::runtime_error when libsodium cannot start (no usable random source).
void ensure_sodium_ready();

}  // namespace infertrack::security
