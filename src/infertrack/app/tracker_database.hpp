#pragma once

#include "infertrack/store/store.hpp"

#include <filesystem>
#include <memory>
#include <string>

namespace infertrack::app {

// The database used when none is given: $INFERTRACK_DB (a file path or a postgresql:// URL), else infertrack.db in
// the working directory.
std::filesystem::path default_database_path();

// Opens the tracker's database (a SQLite file, or a postgresql:// URL: store::open_store), loading the bundled dataset
// into it when it holds no point yet, so that a first run needs no set-up. Throws store::StoreError when the database
// cannot be used.
std::unique_ptr<store::Store> open_tracker(const std::filesystem::path& locator);

// Loads the bundled dataset into `store` (idempotent: already stored records stay as they are).
util::Result<store::IngestSummary> load_bundled_dataset(store::Store& store);

}  // namespace infertrack::app
