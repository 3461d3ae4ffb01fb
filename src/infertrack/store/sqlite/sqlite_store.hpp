#pragma once

#include "infertrack/store/store.hpp"

#include <filesystem>
#include <memory>

namespace infertrack::store::sqlite {

// Opens (creating if needed) the SQLite database at `path` in WAL mode with foreign keys on, and migrates
// its schema to the current version. Throws StoreError when the file cannot be opened or is not ours.
std::unique_ptr<Store> open_store(const std::filesystem::path& path);

}  // namespace infertrack::store::sqlite
