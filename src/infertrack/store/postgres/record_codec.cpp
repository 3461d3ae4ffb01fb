#include "infertrack/store/postgres/record_codec.hpp"

#include "infertrack/store/records/notes_column.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <cmath>

namespace infertrack::store::postgres {
namespace {

[[noreturn]] void
corrupt(int column, std::string_view what)
{
  throw StoreError("column " + std::to_string(column) + " holds " + std::string(what) +
                   ": the database was changed outside infertrack");
}

}  // namespace

std::string
numbered(std::string_view sql)
{
  std::string result;
  result.reserve(sql.size() + 16);
  int next = 1;
  char quote = 0;
  for (const char c : sql) {
    if (quote != 0) {
      quote = c == quote ? 0 : quote;
      result += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      result += c;
    } else if (c == '?') {
      result += '$' + std::to_string(next++);
    } else {
      result += c;
    }
  }
  return result;
}

Params
params_of(const BoundConditions& conditions)
{
  Params params;
  for (const BoundConditions::Value& value : conditions.values()) {
    std::visit([&](auto v) { params.add(v); }, value);
  }
  return params;
}

std::string
array_literal(std::span<const std::string_view> values)
{
  std::string literal = "{";
  for (const std::string_view value : values) {
    literal += literal.size() == 1 ? "\"" : ",\"";
    for (const char c : value) {
      if (c == '"' || c == '\\') {
        literal += '\\';
      }
      literal += c;
    }
    literal += '"';
  }
  literal += '}';
  return literal;
}

void
read_value(const Rows& rows, int row, int column, std::string& value)
{
  value = rows.text(row, column);
}

void
read_value(const Rows& rows, int row, int column, std::optional<std::string>& value)
{
  value = rows.optional_text(row, column);
}

void
read_value(const Rows& rows, int row, int column, std::int64_t& value)
{
  value = rows.int64(row, column);
}

void
read_value(const Rows& rows, int row, int column, std::optional<std::int64_t>& value)
{
  value = rows.optional_int64(row, column);
}

void
read_value(const Rows& rows, int row, int column, bool& value)
{
  value = rows.int64(row, column) != 0;
}

void
read_value(const Rows& rows, int row, int column, double& value)
{
  value = rows.real(row, column);
}

void
read_value(const Rows& rows, int row, int column, std::optional<double>& value)
{
  value = rows.is_null(row, column) ? std::nullopt : std::optional(rows.real(row, column));
}

void
read_value(const Rows& rows, int row, int column, domain::PerGpuBasis& value)
{
  const auto parsed = domain::parse_per_gpu_basis(rows.text(row, column));
  if (!parsed) {
    corrupt(column, "an unknown per-GPU basis");
  }
  value = *parsed;
}

void
read_value(const Rows& rows, int row, int column, std::vector<std::string>& value)
{
  const auto parsed = nlohmann::json::parse(rows.text(row, column), nullptr, false);
  if (!parsed.is_array()) {
    corrupt(column, "text that is not a JSON list");
  }
  value.clear();
  for (const auto& item : parsed) {
    if (!item.is_string()) {
      corrupt(column, "a list item that is not a string");
    }
    value.push_back(item.get<std::string>());
  }
}

std::vector<domain::BenchmarkPoint>
read_points(const Rows& rows)
{
  std::vector<domain::BenchmarkPoint> points;
  points.reserve(static_cast<std::size_t>(rows.size()));
  for (int row = 0; row < rows.size(); ++row) {
    domain::BenchmarkPoint& point = points.emplace_back();
    const int notes = read_record(rows, row, point, 0);
    if (!rows.is_null(row, notes)) {
      point.notes = notes_from_column(rows.text(row, notes));
    }
  }
  return points;
}

void
RecordParams::add_value(Params& params, FieldName name, double value)
{
  if (std::isnan(value)) {
    m_nan_field = m_nan_field ? m_nan_field : name.field;
    params.add_null(); // never stored: the caller refuses the record
    return;
  }
  params.add(value);
}

void
RecordParams::add_value(Params& params, FieldName name, const std::optional<double>& value)
{
  value ? add_value(params, name, *value) : static_cast<void>(params.add_null());
}

void
RecordParams::add_value(Params& params, FieldName, domain::PerGpuBasis value)
{
  params.add(domain::to_string(value));
}

void
RecordParams::add_value(Params& params, FieldName, const std::vector<std::string>& value)
{
  params.add(nlohmann::json(value).dump());
}

}  // namespace infertrack::store::postgres
