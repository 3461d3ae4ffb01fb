#include "infertrack/store/open_store.hpp"

#include "infertrack/store/postgres/connection_url.hpp"
#include "infertrack/store/postgres/postgres_store.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

namespace infertrack::store {

std::unique_ptr<Store>
open_store(const std::string& locator)
{
  if (postgres::is_postgres_url(locator)) {
    return postgres::open_store(locator);
  }
  return sqlite::open_store(locator);
}

}  // namespace infertrack::store
