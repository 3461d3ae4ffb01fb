#pragma once

#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/json_errors.hpp"
#include "infertrack/util/result.hpp"

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

// Typed reads of simdjson On-Demand values that turn every failure (wrong type, overflow, bad syntax) into a
// diagnostic naming the record and field. On-Demand validates only what it reads, so each value the snapshot
// reader does not map is still walked through `validate_json_value`.
namespace infertrack::formats {

// What a number must be beyond finite: the snapshot's counts, throughputs and fractions.
enum class NumberRule
{
  any_finite,
  non_negative,  // throughputs, token counts
  positive,      // interactivity, costs, power
  fraction,      // cache hit rates: 0..1
};

// Whether `value` is null (without consuming it otherwise).
util::Result<bool> is_json_null(JsonValue& value, const JsonPlace& at);

// Each read consumes `value`. The optional forms also accept null (-> nullopt).
util::Result<std::string_view> read_string(JsonValue& value, const JsonPlace& at);
util::Result<std::optional<std::string_view>> read_optional_string(JsonValue& value, const JsonPlace& at);
util::Result<double> read_number(JsonValue& value, const JsonPlace& at, NumberRule rule);
util::Result<std::optional<double>> read_optional_number(JsonValue& value, const JsonPlace& at, NumberRule rule);
// An integer > 0 (GPU counts, concurrency, token limits).
util::Result<std::int64_t> read_count(JsonValue& value, const JsonPlace& at);
util::Result<std::optional<std::int64_t>> read_optional_count(JsonValue& value, const JsonPlace& at);
util::Result<bool> read_bool(JsonValue& value, const JsonPlace& at);
// A string, or an integer written as its decimal text (database ids come both ways).
util::Result<std::string> read_id_text(JsonValue& value, const JsonPlace& at);
// A string that names a model, GPU, engine or precision, into `out` in its canonical form (`canonical_of`);
// `memo` holds the last one read at the same field (NameMemo).
util::Result<void> read_name(JsonValue& value,
                             const JsonPlace& at,
                             NameMemo& memo,
                             std::string (*canonical_of)(std::string_view),
                             std::string& out);
// read_name for a name already read as `text` (one that may also be null or blank, checked first by the caller).
util::Result<void> assign_name(std::string_view text,
                               const JsonPlace& at,
                               NameMemo& memo,
                               std::string (*canonical_of)(std::string_view),
                               std::string& out);

// Stores the value of a successful `read` in `out`, or passes its failure on: one line per field for a reader.
template<typename T>
util::Result<void>
assign_read(util::Result<T> read, T& out)
{
  if (!read) {
    return tl::unexpected<util::Diagnostic>(std::move(read).error());
  }
  out = std::move(*read);
  return {};
}

// The key of `field`, unescaped; a key without escapes is returned in place, without copying.
util::Result<std::string_view> field_key(simdjson::ondemand::field& field, const JsonPlace& at);

// Calls `on_field(key, value, place)` for each member of the object `value`, placed in `members` with the
// key as field; `expected` words what the object should be when `value` is something else, a mistake named
// at `container` (by default `members`). Stops at the first failure.
template<typename OnField>
util::Result<void> for_each_field(JsonValue& value,
                                  const JsonPlace& container,
                                  JsonPlace members,
                                  std::string_view expected,
                                  OnField&& on_field);
template<typename OnField>
util::Result<void>
for_each_field(JsonValue& value, JsonPlace at, std::string_view expected, OnField&& on_field)
{
  return for_each_field(value, at, at, expected, std::forward<OnField>(on_field));
}

// Calls `on_element(value, index)` for each element of the array `value`; `at` is the array's own place, named
// when `value` is not an array (the caller places the elements). Stops at the first failure.
template<typename OnElement>
util::Result<void> for_each_element(JsonValue& value,
                                    const JsonPlace& at,
                                    std::string_view expected,
                                    OnElement&& on_element);

// Walks `value` whole so that malformed JSON inside data the reader ignores is still refused.
util::Result<void> validate_json_value(JsonValue value, const JsonPlace& at);

template<typename OnField>
util::Result<void>
for_each_field(JsonValue& value,
               const JsonPlace& container,
               JsonPlace at,
               std::string_view expected,
               OnField&& on_field)
{
  simdjson::ondemand::object object;
  if (const auto error = value.get_object().get(object); error == simdjson::INCORRECT_TYPE) {
    return not_a_container(value, container, expected);
  } else if (error != simdjson::SUCCESS) {
    return json_error(error, container);
  }
  for (auto member : object) {
    simdjson::ondemand::field field;
    if (const auto error = std::move(member).get(field); error != simdjson::SUCCESS) {
      return json_error(error, at);
    }
    INFERTRACK_TRY_ASSIGN(key, field_key(field, at));
    at.field = key;
    INFERTRACK_TRY(on_field(key, field.value(), at));
  }
  return {};
}

template<typename OnElement>
util::Result<void>
for_each_element(JsonValue& value, const JsonPlace& at, std::string_view expected, OnElement&& on_element)
{
  simdjson::ondemand::array array;
  if (const auto error = value.get_array().get(array); error == simdjson::INCORRECT_TYPE) {
    return not_a_container(value, at, expected);
  } else if (error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  std::size_t index = 0;
  for (auto element : array) {
    JsonValue item;
    if (const auto error = std::move(element).get(item); error != simdjson::SUCCESS) {
      return json_error(error, at);
    }
    INFERTRACK_TRY(on_element(item, index));
    ++index;
  }
  return {};
}

}  // namespace infertrack::formats
