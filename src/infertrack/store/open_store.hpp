#pragma once

#include "infertrack/store/store.hpp"

#include <memory>
#include <string>

namespace infertrack::store {

// Opens the database `locator` names, migrating its schema to this build's: a postgresql:// (or postgres://) URL is a
// PostgreSQL database, anything else the path of a SQLite file, created when missing. Throws StoreError when the
// database cannot be used; its message never holds a password.
std::unique_ptr<Store> open_store(const std::string& locator);

}  // namespace infertrack::store
