#pragma once

#include "infertrack/util/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace infertrack::app {

// A planning figure a query gives in place of the published one: for every hardware ("8"), or for some hardware by
// name ("mi355x=8,gb200=72"), so that a plan beside GB200 can size MI355X without replacing GB200's own figure.
template <typename T>
struct HardwareOverride
{
  std::optional<T> every;
  std::vector<std::pair<std::string, T>> by_hardware; // canonical hardware names, each once

  bool given() const { return every.has_value() || !by_hardware.empty(); }

  std::optional<T> for_hardware(std::string_view hardware) const
  {
    if (every) {
      return every;
    }
    for (const auto& [name, value] : by_hardware) {
      if (name == hardware) {
        return value;
      }
    }
    return std::nullopt;
  }

  // Every value given, to check each as a plan would use it.
  std::vector<T> values() const
  {
    std::vector<T> all;
    if (every) {
      all.push_back(*every);
    }
    for (const auto& entry : by_hardware) {
      all.push_back(entry.second);
    }
    return all;
  }
};

using FigureOverride = HardwareOverride<double>;         // $ per GPU-hour, kW per GPU
using RackSizeOverride = HardwareOverride<std::int64_t>; // GPUs per rack

// Reads "N" or "hardware=N[,hardware=N...]" (spaces around the parts allowed; hardware aliases such as "MI355X"
// canonicalised). Fails naming `field` when the text is neither, a value is not a number (a whole number for rack
// sizes), or a hardware is named twice. Bounds are the planner's to check.
util::Result<FigureOverride> parse_figure_override(std::string_view text, std::string_view field);
util::Result<RackSizeOverride> parse_rack_size_override(std::string_view text, std::string_view field);

}  // namespace infertrack::app
