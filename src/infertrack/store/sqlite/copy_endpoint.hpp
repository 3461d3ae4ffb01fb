#pragma once

#include "infertrack/store/copy_endpoint.hpp"

#include <memory>
#include <string>

namespace infertrack::store::sqlite {

// The SQLite database at `path` as one side of a copy; the file must exist and be migrated already (open_store).
// ":memory:" is a database of its own, empty until migrated.
std::unique_ptr<CopyEndpoint> open_copy_endpoint(const std::string& path);

// A database of this build's schema in memory, as the migrations leave it: the rows they insert themselves.
std::unique_ptr<CopyEndpoint> migrated_copy_endpoint_in_memory();

}  // namespace infertrack::store::sqlite
