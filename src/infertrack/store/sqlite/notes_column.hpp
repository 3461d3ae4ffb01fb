#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store::sqlite {

// A point's notes as the points.notes column holds them: a JSON array of [kind, text] pairs in order, or
// NULL (nullopt) for none. In the point's own row, so that storing a point is one row and one key.
std::optional<std::string> notes_column(const std::vector<domain::PointNote>& notes);

// The notes a points.notes value holds; throws StoreError when it is not such an array (a database
// changed outside infertrack).
std::vector<domain::PointNote> notes_from_column(std::string_view json);

}  // namespace infertrack::store::sqlite
