#include "infertrack/app/queries/hardware_override.hpp"

#include "infertrack/domain/name_aliases.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace infertrack::app {
namespace {

template <typename T>
std::optional<T>
parse_value(std::string_view text, bool* out_of_range)
{
  if constexpr (std::is_same_v<T, double>) {
    return formats::parse_number(text, out_of_range);
  } else {
    return formats::parse_integer(text, out_of_range);
  }
}

template <typename T>
util::Result<HardwareOverride<T>>
parse_override(std::string_view text, std::string_view field)
{
  constexpr std::string_view k_number = std::is_same_v<T, double> ? "a number" : "a whole number";
  const std::string name(field);
  const auto value_of = [&](std::string_view value, std::string_view part) -> util::Result<T> {
    // One leading '+', as the other number flags take.
    if (value.starts_with('+') && !value.substr(1).starts_with('-')) {
      value.remove_prefix(1);
    }
    bool out_of_range = false;
    if (auto read = parse_value<T>(value, &out_of_range)) {
      // 1e-400 reads as 0: said as out of range, not as a price of 0.
      const std::string_view mantissa = value.substr(0, value.find_first_of("eE"));
      if (*read == 0 && mantissa.find_first_of("123456789") != std::string_view::npos) {
        return util::fail("", name, fmt::format("number out of range (got '{}', too close to zero)", part));
      }
      return *read;
    }
    if (out_of_range) {
      return util::fail("", name, fmt::format("number out of range (got '{}', expected {}{})", part, k_number,
                                              formats::k_max_number_magnitude_words));
    }
    return util::fail("", name, fmt::format("expected {}{} (got '{}')", k_number,
                                            part == value ? ", or hardware=value pairs such as mi355x=8" : "", part));
  };
  HardwareOverride<T> given;
  const std::string_view whole = util::trim(text);
  if (whole.find('=') == std::string_view::npos) {
    INFERTRACK_TRY_ASSIGN(value, value_of(whole, whole));
    given.every = value;
    return given;
  }
  std::string_view rest = text;
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view part = util::trim(rest.substr(0, comma));
    const auto equals = part.find('=');
    const std::string_view hardware = util::trim(part.substr(0, equals));
    if (equals == std::string_view::npos || hardware.empty()) {
      return util::fail("", name, fmt::format("{} is not hardware=value: give {} for every hardware, or a value for "
                                              "each hardware named, e.g. mi355x=8",
                                              part.empty() ? "an empty entry" : fmt::format("'{}'", part), k_number));
    }
    INFERTRACK_TRY_ASSIGN(value, value_of(util::trim(part.substr(equals + 1)), part));
    std::string canonical = domain::canonical_hardware(hardware);
    if (std::any_of(given.by_hardware.begin(), given.by_hardware.end(),
                    [&](const auto& entry) { return entry.first == canonical; })) {
      return util::fail("", name, fmt::format("hardware '{}' is given twice", canonical));
    }
    given.by_hardware.emplace_back(std::move(canonical), value);
    if (comma == std::string_view::npos) {
      return given;
    }
    rest.remove_prefix(comma + 1);
  }
}

}  // namespace

util::Result<FigureOverride>
parse_figure_override(std::string_view text, std::string_view field)
{
  return parse_override<double>(text, field);
}

util::Result<RackSizeOverride>
parse_rack_size_override(std::string_view text, std::string_view field)
{
  return parse_override<std::int64_t>(text, field);
}

}  // namespace infertrack::app
