#include "infertrack/store/sqlite/record_codec.hpp"

#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

namespace infertrack::store::sqlite {
namespace {

[[noreturn]] void
corrupt(const Statement& s, int column, std::string_view what)
{
  throw StoreError(s.connection().path() + ": column " + std::to_string(column) + " holds " +
                   std::string(what) + ": the database was changed outside infertrack");
}

}  // namespace

void
RecordBinder::bind_value(Statement& s, int index, FieldName, const std::string& value)
{
  s.bind(index, std::string_view(value));
}

void
RecordBinder::bind_value(Statement& s, int index, FieldName, const std::optional<std::string>& value)
{
  value ? s.bind(index, std::string_view(*value)) : s.bind_null(index);
}

void
RecordBinder::bind_value(Statement& s, int index, FieldName, std::int64_t value)
{
  s.bind(index, value);
}

void
RecordBinder::bind_value(Statement& s, int index, FieldName, const std::optional<std::int64_t>& value)
{
  value ? s.bind(index, *value) : s.bind_null(index);
}

void
RecordBinder::bind_value(Statement& s, int index, FieldName, bool value)
{
  s.bind(index, std::int64_t{value ? 1 : 0});
}

void
RecordBinder::bind_value(Statement& s, int index, FieldName name, double value)
{
  if (std::isnan(value) && !m_nan_field) {
    m_nan_field = name.field;
  }
  s.bind(index, value);
}

void
RecordBinder::bind_value(Statement& s, int index, FieldName name, const std::optional<double>& value)
{
  value ? bind_value(s, index, name, *value) : s.bind_null(index);
}

void
RecordBinder::bind_value(Statement& s, int index, FieldName, domain::PerGpuBasis value)
{
  s.bind(index, std::string_view(domain::to_string(value)));
}

void
RecordBinder::bind_value(Statement& s, int index, FieldName, const std::vector<std::string>& value)
{
  // A short list of ids kept as a JSON array in one TEXT column: it is only ever read whole.
  if (m_scratch_used == m_scratch.size()) {
    m_scratch.emplace_back();
  }
  std::string& text = m_scratch[m_scratch_used++];
  text = nlohmann::json(value).dump();
  s.bind(index, std::string_view(text));
}

void
read_value(const Statement& s, int column, std::string& value)
{
  value = s.column_text(column);
}

void
read_value(const Statement& s, int column, std::optional<std::string>& value)
{
  if (s.is_null(column)) {
    value.reset();
  } else {
    value.emplace(s.column_text(column));
  }
}

void
read_value(const Statement& s, int column, std::int64_t& value)
{
  value = s.column_int64(column);
}

void
read_value(const Statement& s, int column, std::optional<std::int64_t>& value)
{
  value = s.is_null(column) ? std::nullopt : std::optional(s.column_int64(column));
}

void
read_value(const Statement& s, int column, bool& value)
{
  value = s.column_int64(column) != 0;
}

void
read_value(const Statement& s, int column, double& value)
{
  value = s.column_double(column);
}

void
read_value(const Statement& s, int column, std::optional<double>& value)
{
  value = s.is_null(column) ? std::nullopt : std::optional(s.column_double(column));
}

void
read_value(const Statement& s, int column, domain::PerGpuBasis& value)
{
  const auto parsed = domain::parse_per_gpu_basis(s.column_text(column));
  if (!parsed) {
    corrupt(s, column, "an unknown per-GPU basis");
  }
  value = *parsed;
}

void
read_value(const Statement& s, int column, std::vector<std::string>& value)
{
  const auto parsed = nlohmann::json::parse(s.column_text(column), nullptr, false);
  if (!parsed.is_array()) {
    corrupt(s, column, "text that is not a JSON list");
  }
  value.clear();
  for (const auto& item : parsed) {
    if (!item.is_string()) {
      corrupt(s, column, "a list item that is not a string");
    }
    value.push_back(item.get<std::string>());
  }
}

}  // namespace infertrack::store::sqlite
