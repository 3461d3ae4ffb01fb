#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/store/records/record_fields.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infertrack::store {

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

// The first difference between two points' notes, in order: kind and text of each, then their number.
std::optional<FieldDifference> first_note_difference(const std::vector<domain::PointNote>& stored,
                                                     const std::vector<domain::PointNote>& fresh);

// What a point an ingest brings again is to the stored one with its result id.
enum class StoredPointMatch
{
  unchanged,   // every field and note the same
  agreeing,    // a capture whose known fields agree, or the stored point as the source carries it
  conflicting, // `difference` names the first field that differs
};

struct StoredPointComparison
{
  StoredPointMatch match = StoredPointMatch::unchanged;
  FieldDifference difference;
};

// Compares `fresh` with `stored` under the ingest rules: an optional field or the notes one side leaves unknown say
// nothing against the other, and a source that carries less (`as_carried`, when given) brings the stored point as it
// would carry it.
StoredPointComparison compare_with_stored(const domain::BenchmarkPoint& stored, const domain::BenchmarkPoint& fresh,
                                          domain::BenchmarkPoint (*as_carried)(const domain::BenchmarkPoint&));

}  // namespace infertrack::store
