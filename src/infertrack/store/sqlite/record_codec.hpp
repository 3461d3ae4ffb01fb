#pragma once

#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/records/record_columns.hpp"
#include "infertrack/store/records/record_comparison.hpp"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store::sqlite {

// Binds the fields of records to statement parameters. It owns the text of values that have no string
// of their own in the record (a list stored as JSON), kept alive until the next bind, and notes the first
// NaN it met: SQLite would store NaN as NULL, which could not round-trip.
class RecordBinder
{
public:
  // Binds every field of `record` to consecutive parameters from `first`; returns the next free index.
  template<typename Record> int bind(Statement& statement, const Record& record, int first)
  {
    m_scratch_used = 0;
    m_nan_field = nullptr;
    int index = first;
    RecordFields<Record>::visit(
      [&](FieldName name, const auto& value) { bind_value(statement, index++, name, value); }, record);
    return index;
  }

  // The domain name of the first NaN field of the last bind, or null.
  const char* nan_field() const { return m_nan_field; }

private:
  void bind_value(Statement& s, int index, FieldName name, const std::string& value);
  void bind_value(Statement& s, int index, FieldName name, const std::optional<std::string>& value);
  void bind_value(Statement& s, int index, FieldName name, std::int64_t value);
  void bind_value(Statement& s, int index, FieldName name, const std::optional<std::int64_t>& value);
  void bind_value(Statement& s, int index, FieldName name, bool value);
  void bind_value(Statement& s, int index, FieldName name, double value);
  void bind_value(Statement& s, int index, FieldName name, const std::optional<double>& value);
  void bind_value(Statement& s, int index, FieldName name, domain::PerGpuBasis value);
  void bind_value(Statement& s, int index, FieldName name, const std::vector<std::string>& value);

  std::vector<std::string> m_scratch;
  std::size_t m_scratch_used = 0;
  const char* m_nan_field = nullptr;
};

// Reads one stored value of each supported field type; a value no writer could have stored throws
// StoreError (the database was changed behind our back).
void read_value(const Statement& s, int column, std::string& value);
void read_value(const Statement& s, int column, std::optional<std::string>& value);
void read_value(const Statement& s, int column, std::int64_t& value);
void read_value(const Statement& s, int column, std::optional<std::int64_t>& value);
void read_value(const Statement& s, int column, bool& value);
void read_value(const Statement& s, int column, double& value);
void read_value(const Statement& s, int column, std::optional<double>& value);
void read_value(const Statement& s, int column, domain::PerGpuBasis& value);
void read_value(const Statement& s, int column, std::vector<std::string>& value);

// Reads the fields of `record` from consecutive columns from `first`, or only those `chosen` (fields_named), the
// others left as they are; returns the next column.
template<typename Record>
int
read_record(const Statement& statement, Record& record, int first, const ChosenFields& chosen = k_all_fields)
{
  int column = first;
  std::size_t i = 0;
  RecordFields<Record>::visit(
    [&](FieldName, auto& value) {
      if (chosen[i++]) {
        read_value(statement, column++, value);
      }
    },
    record);
  return column;
}

}  // namespace infertrack::store::sqlite
