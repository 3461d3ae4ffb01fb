#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store::postgres {

// Appends one value to a row of COPY's text format: text escaped (backslash, tab, line breaks), NULL as \N,
// doubles in their shortest round-trip form. The caller writes the tabs between values and the line break after.
void append_copy_null(std::string& row);
void append_copy_value(std::string& row, std::string_view value);
void append_copy_value(std::string& row, const std::string& value);
void append_copy_value(std::string& row, const std::optional<std::string>& value);
void append_copy_value(std::string& row, std::int64_t value);
void append_copy_value(std::string& row, const std::optional<std::int64_t>& value);
void append_copy_value(std::string& row, bool value);
void append_copy_value(std::string& row, double value);
void append_copy_value(std::string& row, const std::optional<double>& value);
void append_copy_value(std::string& row, domain::PerGpuBasis value);
void append_copy_value(std::string& row, const std::vector<std::string>& value);

}  // namespace infertrack::store::postgres
