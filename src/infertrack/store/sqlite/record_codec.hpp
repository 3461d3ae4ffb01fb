#pragma once

#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/record_fields.hpp"

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

// Some of the fields of `Record`: bit i for the i-th field of RecordFields<Record>.
using ChosenFields = std::bitset<128>;

// Every field of a record.
inline const ChosenFields k_all_fields = ChosenFields().set();

// The fields of `Record` whose columns `columns` names.
template<typename Record>
ChosenFields
fields_named(std::span<const std::string_view> columns)
{
  ChosenFields chosen;
  std::size_t i = 0;
  RecordFields<Record>::visit([&](FieldName name, const auto&...) {
    chosen.set(i++, std::find(columns.begin(), columns.end(), name.column) != columns.end());
  });
  return chosen;
}

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

// "prefix.a, prefix.b, ..." over the columns of `Record` (no prefix when `prefix` is empty), or of its `chosen`
// fields.
template<typename Record>
std::string
column_list(const std::string& prefix, const ChosenFields& chosen = k_all_fields)
{
  std::string list;
  std::size_t i = 0;
  // Visiting no record at all yields just the names.
  auto add = [&](FieldName name, const auto&...) {
    if (!chosen.test(i++)) {
      return;
    }
    list += list.empty() ? "" : ", ";
    list += prefix.empty() ? name.column : prefix + "." + name.column;
  };
  RecordFields<Record>::visit(add);
  return list;
}


// How a stored record differs from a new one with the same key: the first differing field and both values.
struct FieldDifference
{
  std::string field;
  std::string stored;
  std::string fresh;
};

// Shows a value in a conflict message: numbers in shortest round-trip form, an empty optional as "none".
std::string format_value(const std::string& value);
std::string format_value(const std::optional<std::string>& value);
std::string format_value(std::int64_t value);
std::string format_value(const std::optional<std::int64_t>& value);
std::string format_value(bool value);
std::string format_value(double value);
std::string format_value(const std::optional<double>& value);
std::string format_value(domain::PerGpuBasis value);
std::string format_value(const std::vector<std::string>& value);

// What an empty optional says against a value. In a point it is unknown: a capture of a result that leaves out an
// optional field (an API answer without `image`, a CSV without a column) says nothing against one that has it. In a
// preset or a cost entry it is a value of its own (a preset without a demand).
enum class Unknown
{
  agrees,
  differs
};

template<typename T>
bool
values_disagree(const T& a, const T& b, Unknown)
{
  return !(a == b);
}

template<typename T>
bool
values_disagree(const std::optional<T>& a, const std::optional<T>& b, Unknown unknown)
{
  if (unknown == Unknown::agrees && (!a || !b)) {
    return false;
  }
  return !(a == b);
}

// The first field, in RecordFields order, whose value differs between `stored` and `fresh`. Doubles compare
// exactly: they round-trip through an IEEE REAL column bit for bit.
template<typename Record>
std::optional<FieldDifference>
first_difference(const Record& stored, const Record& fresh, Unknown unknown = Unknown::differs)
{
  std::optional<FieldDifference> difference;
  auto compare = [&](FieldName name, const auto& a, const auto& b) {
    if (!difference && values_disagree(a, b, unknown)) {
      difference = FieldDifference{name.field, format_value(a), format_value(b)};
    }
  };
  RecordFields<Record>::visit(compare, stored, fresh);
  return difference;
}

}  // namespace infertrack::store::sqlite
