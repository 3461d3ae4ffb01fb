#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store::postgres {

// Rows of COPY's binary format, which the server stores without parsing text: a double travels as its 8 bytes,
// not as digits to be read back. A stream is k_copy_binary_header, then rows, then k_copy_binary_trailer. Each row
// is append_binary_row(its number of values), then one value per column in the COPY's order, each of its column's
// type: BIGINT from an int64, INTEGER from a bool (the schema's 0/1), DOUBLE PRECISION from a double, TEXT from
// text (a domain enum as its name, a list as its JSON).
extern const std::string_view k_copy_binary_header;
extern const std::string_view k_copy_binary_trailer;

void append_binary_row(std::string& rows, std::int16_t values);
void append_binary_null(std::string& rows);
void append_binary_value(std::string& rows, std::string_view value);
void append_binary_value(std::string& rows, const std::string& value);
void append_binary_value(std::string& rows, const std::optional<std::string>& value);
void append_binary_value(std::string& rows, std::int64_t value);
void append_binary_value(std::string& rows, const std::optional<std::int64_t>& value);
void append_binary_value(std::string& rows, bool value);
void append_binary_value(std::string& rows, double value);
void append_binary_value(std::string& rows, const std::optional<double>& value);
void append_binary_value(std::string& rows, domain::PerGpuBasis value);
void append_binary_value(std::string& rows, const std::vector<std::string>& value);

}  // namespace infertrack::store::postgres
