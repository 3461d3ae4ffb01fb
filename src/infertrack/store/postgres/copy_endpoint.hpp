#pragma once

#include "infertrack/store/copy_endpoint.hpp"

#include <memory>
#include <string>

namespace infertrack::store::postgres {

// The PostgreSQL database at `url` as one side of a copy; it must be migrated already (open_store). Its name, in
// every message, is the URL with the password hidden.
std::unique_ptr<CopyEndpoint> open_copy_endpoint(const std::string& url);

}  // namespace infertrack::store::postgres
