#include "infertrack/store/postgres/copy_text.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

namespace infertrack::store::postgres {

void
append_copy_null(std::string& row)
{
  row += "\\N";
}

void
append_copy_value(std::string& row, std::string_view value)
{
  for (const char c : value) {
    switch (c) {
      case '\\':
        row += "\\\\";
        break;
      case '\t':
        row += "\\t";
        break;
      case '\n':
        row += "\\n";
        break;
      case '\r':
        row += "\\r";
        break;
      default:
        row += c;
    }
  }
}

void
append_copy_value(std::string& row, const std::string& value)
{
  append_copy_value(row, std::string_view(value));
}

void
append_copy_value(std::string& row, const std::optional<std::string>& value)
{
  value ? append_copy_value(row, std::string_view(*value)) : append_copy_null(row);
}

void
append_copy_value(std::string& row, std::int64_t value)
{
  char text[24];
  row.append(text, std::to_chars(text, text + sizeof text, value).ptr);
}

void
append_copy_value(std::string& row, const std::optional<std::int64_t>& value)
{
  value ? append_copy_value(row, *value) : append_copy_null(row);
}

void
append_copy_value(std::string& row, bool value)
{
  row += value ? '1' : '0';
}

void
append_copy_value(std::string& row, double value)
{
  if (std::isinf(value)) {
    row += value > 0 ? "Infinity" : "-Infinity";
    return;
  }
  char text[32];
  row.append(text, std::to_chars(text, text + sizeof text, value).ptr);
}

void
append_copy_value(std::string& row, const std::optional<double>& value)
{
  value ? append_copy_value(row, *value) : append_copy_null(row);
}

void
append_copy_value(std::string& row, domain::PerGpuBasis value)
{
  append_copy_value(row, std::string_view(domain::to_string(value)));
}

void
append_copy_value(std::string& row, const std::vector<std::string>& value)
{
  append_copy_value(row, std::string_view(nlohmann::json(value).dump()));
}

}  // namespace infertrack::store::postgres
