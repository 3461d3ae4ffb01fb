#pragma once

#include "infertrack/store/store.hpp"

#include <memory>
#include <vector>

namespace infertrack::store {

// A store that writes to a primary and reads benchmark data from read replicas: a replica answers only once its data
// version has caught up with the primary's, so a reader never sees data older than the version its answer is cached
// under; otherwise, or when no replica can be reached, the primary answers. Ingests, the data version and the
// community tables (sign-ins and comments read what they just wrote) stay on the primary.
std::unique_ptr<Store> replicated_store(std::unique_ptr<Store> primary, std::vector<std::unique_ptr<Store>> replicas);

}  // namespace infertrack::store
