#pragma once

#include "infertrack/store/store.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace infertrack::server::pages {

// The page of the point with `result_id` (GET /points/{id}): its summary, the source's notes, the
// data-quality findings and every field as the API gives it; nothing when no such point is stored.
// Throws store::StoreError when the store fails.
std::optional<std::string> render_point_page(store::Store& store, std::string_view result_id);

// The page answering a path nothing is found at, saying `message`.
std::string render_not_found_page(std::string_view message);

}  // namespace infertrack::server::pages
