#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <string>
#include <string_view>
#include <vector>

// The one notes column of the measured-points CSV holds a point's notes: a lone "notes" note verbatim, or every
// note as "kind: text", joined by " | " (docs/FORMATS.md).
namespace infertrack::formats {

// The cell's notes: "kind: text | kind: text" when every part starts with a note kind ("notes", or a name ending in
// "_note"), else one note of kind "notes" holding the cell verbatim.
std::vector<domain::PointNote> read_notes_cell(std::string_view cell);

// The cell that reads back as `notes` where the format can say so; "" for none.
std::string notes_cell(const std::vector<domain::PointNote>& notes);

}  // namespace infertrack::formats
