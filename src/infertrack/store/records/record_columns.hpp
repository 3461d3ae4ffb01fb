#pragma once

#include "infertrack/store/records/record_fields.hpp"

#include <algorithm>
#include <bitset>
#include <span>
#include <string>
#include <string_view>

namespace infertrack::store {

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

}  // namespace infertrack::store
