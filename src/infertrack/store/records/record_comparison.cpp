#include "infertrack/store/records/record_comparison.hpp"

#include <nlohmann/json.hpp>

#include <charconv>

namespace infertrack::store {

std::string
format_value(const std::string& value)
{
  return '"' + value + '"';
}

std::string
format_value(const std::optional<std::string>& value)
{
  return value ? format_value(*value) : "none";
}

std::string
format_value(std::int64_t value)
{
  return std::to_string(value);
}

std::string
format_value(const std::optional<std::int64_t>& value)
{
  return value ? format_value(*value) : "none";
}

std::string
format_value(bool value)
{
  return value ? "true" : "false";
}

std::string
format_value(double value)
{
  // Shortest text that reads back as the same double, so two values that print alike are equal; plain
  // digits (40000000000000 tokens/day, not 4e+13) unless that would be very long.
  char text[64];
  auto [end, error] = std::to_chars(text, text + sizeof text, value, std::chars_format::fixed);
  if (error != std::errc()) {
    end = std::to_chars(text, text + sizeof text, value).ptr;
  }
  return std::string(text, end);
}

std::string
format_value(const std::optional<double>& value)
{
  return value ? format_value(*value) : "none";
}

std::string
format_value(domain::PerGpuBasis value)
{
  return domain::to_string(value);
}

std::string
format_value(const std::vector<std::string>& value)
{
  return nlohmann::json(value).dump();
}

std::optional<FieldDifference>
first_note_difference(const std::vector<domain::PointNote>& stored,
                      const std::vector<domain::PointNote>& fresh)
{
  const std::size_t common = std::min(stored.size(), fresh.size());
  for (std::size_t i = 0; i < common; ++i) {
    const std::string at = "notes[" + std::to_string(i) + "]";
    if (stored[i].kind != fresh[i].kind) {
      return FieldDifference{at + ".kind", format_value(stored[i].kind), format_value(fresh[i].kind)};
    }
    if (stored[i].text != fresh[i].text) {
      return FieldDifference{at + ".text", format_value(stored[i].text), format_value(fresh[i].text)};
    }
  }
  if (stored.size() != fresh.size()) {
    return FieldDifference{"notes", std::to_string(stored.size()) + " notes",
                           std::to_string(fresh.size()) + " notes"};
  }
  return std::nullopt;
}

namespace {

std::optional<FieldDifference>
point_difference(const domain::BenchmarkPoint& kept, const domain::BenchmarkPoint& fresh, Unknown unknown)
{
  auto difference = first_difference(kept, fresh, unknown);
  // The notes are one field: a capture without any says nothing against those stored, and the reverse.
  const bool notes_unknown = kept.notes.empty() || fresh.notes.empty();
  if (!difference && !(unknown == Unknown::agrees && notes_unknown)) {
    difference = first_note_difference(kept.notes, fresh.notes);
  }
  return difference;
}

}  // namespace

StoredPointComparison
compare_with_stored(const domain::BenchmarkPoint& stored, const domain::BenchmarkPoint& fresh,
                    domain::BenchmarkPoint (*as_carried)(const domain::BenchmarkPoint&))
{
  if (!point_difference(stored, fresh, Unknown::differs)) {
    return {StoredPointMatch::unchanged, {}};
  }
  auto difference = point_difference(stored, fresh, Unknown::agrees);
  if (difference && as_carried != nullptr) {
    difference = point_difference(as_carried(stored), fresh, Unknown::agrees);
  }
  if (difference) {
    return {StoredPointMatch::conflicting, *std::move(difference)};
  }
  return {StoredPointMatch::agreeing, {}};
}

}  // namespace infertrack::store
