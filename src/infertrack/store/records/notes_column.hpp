#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store {

// Writes a point's notes into `json` as the points.notes column holds them: a JSON array of [kind, text] pairs
// in order. Returns false for none (the column is NULL). In the point's own row, so that storing a point is one
// row and one key. `json` is overwritten, so that one buffer serves every point of an ingest.
bool write_notes_column(const std::vector<domain::PointNote>& notes, std::string& json);

// The notes a points.notes value holds; throws StoreError when it is not such an array (a database
// changed outside infertrack).
std::vector<domain::PointNote> notes_from_column(std::string_view json);

}  // namespace infertrack::store
