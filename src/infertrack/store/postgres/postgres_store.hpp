#pragma once

#include "infertrack/store/store.hpp"

#include <memory>
#include <string>

namespace infertrack::store::postgres {

// Opens the PostgreSQL database at `url` (postgresql://...) and migrates its schema to this build's. Throws
// StoreError when it cannot be reached or is not ours; no message holds the URL's password.
std::unique_ptr<Store> open_store(const std::string& url);

}  // namespace infertrack::store::postgres
