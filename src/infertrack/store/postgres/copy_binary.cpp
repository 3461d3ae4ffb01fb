#include "infertrack/store/postgres/copy_binary.hpp"

#include <nlohmann/json.hpp>

#include <bit>
#include <limits>
#include <stdexcept>
#include <type_traits>

namespace infertrack::store::postgres {
namespace {

// Network byte order, as the format has every length and number.
template<typename Integer>
void
append_big_endian(std::string& rows, Integer value)
{
  auto bits = static_cast<std::make_unsigned_t<Integer>>(value);
  char bytes[sizeof bits];
  for (std::size_t i = sizeof bits; i-- > 0;) {
    bytes[i] = static_cast<char>(bits & 0xFFU);
    bits = static_cast<decltype(bits)>(bits >> 8U);
  }
  rows.append(bytes, sizeof bytes);
}

}  // namespace

// The signature, then 32-bit flags and header-extension length, both zero.
const std::string_view k_copy_binary_header("PGCOPY\n\xFF\r\n\0\0\0\0\0\0\0\0\0", 19);
// A row count of -1 ends the rows.
const std::string_view k_copy_binary_trailer("\xFF\xFF", 2);

void
append_binary_row(std::string& rows, std::int16_t values)
{
  append_big_endian(rows, values);
}

void
append_binary_null(std::string& rows)
{
  append_big_endian<std::int32_t>(rows, -1);
}

void
append_binary_value(std::string& rows, std::string_view value)
{
  if (value.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
    throw std::length_error("a text of more than 2 GiB cannot be stored");
  }
  append_big_endian(rows, static_cast<std::int32_t>(value.size()));
  rows.append(value);
}

void
append_binary_value(std::string& rows, const std::string& value)
{
  append_binary_value(rows, std::string_view(value));
}

void
append_binary_value(std::string& rows, const std::optional<std::string>& value)
{
  value ? append_binary_value(rows, std::string_view(*value)) : append_binary_null(rows);
}

void
append_binary_value(std::string& rows, std::int64_t value)
{
  append_big_endian<std::int32_t>(rows, 8);
  append_big_endian(rows, value);
}

void
append_binary_value(std::string& rows, const std::optional<std::int64_t>& value)
{
  value ? append_binary_value(rows, *value) : append_binary_null(rows);
}

void
append_binary_value(std::string& rows, bool value)
{
  append_big_endian<std::int32_t>(rows, 4);
  append_big_endian<std::int32_t>(rows, value ? 1 : 0);
}

void
append_binary_value(std::string& rows, double value)
{
  append_big_endian<std::int32_t>(rows, 8);
  append_big_endian(rows, std::bit_cast<std::uint64_t>(value));
}

void
append_binary_value(std::string& rows, const std::optional<double>& value)
{
  value ? append_binary_value(rows, *value) : append_binary_null(rows);
}

void
append_binary_value(std::string& rows, domain::PerGpuBasis value)
{
  append_binary_value(rows, std::string_view(domain::to_string(value)));
}

void
append_binary_value(std::string& rows, const std::vector<std::string>& value)
{
  append_binary_value(rows, std::string_view(nlohmann::json(value).dump()));
}

}  // namespace infertrack::store::postgres
