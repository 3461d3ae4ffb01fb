#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace infertrack::store::postgres {

// Appends one value to a row of COPY's text format (`infertrack copy`): text escaped (backslash, tab, line breaks),
// NULL as \N, doubles in their shortest round-trip form. The caller writes the tabs between values and the line
// break after.
void append_copy_null(std::string& row);
void append_copy_value(std::string& row, std::string_view value);
void append_copy_value(std::string& row, std::int64_t value);
void append_copy_value(std::string& row, double value);

}  // namespace infertrack::store::postgres
