#pragma once

#include "infertrack/domain/config_group.hpp"
#include "infertrack/util/result.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace infertrack::domain {

// A configuration named in a link or on the command line, as ConfigGroupKey::label() writes it: its fields in
// label order, separated by spaces ("+" in a URL's query), then optionally a run date:
//   "DeepSeek-V4-Pro mi355x sglang fp8 none agg 8192/1024 2026-04-25"
// Trailing fields may be left out and any field but the model may be "*": those match every value, so a short name
// such as "DeepSeek-V4-Pro mi355x sglang fp4" names a configuration when only one matches. Without a date it names
// the latest run. Names holding a space cannot be written this way.
struct ConfigurationName
{
  std::string model;
  std::optional<std::string> hardware;
  std::optional<std::string> framework;
  std::optional<std::string> precision;
  std::optional<std::string> spec_method;
  std::optional<bool> disaggregated; // "disagg" or "agg"
  std::optional<std::string> workload;
  std::optional<std::string> date;    // YYYY-MM-DD: that day's run

  bool operator==(const ConfigurationName&) const = default;
};

// Reads `text` (fields separated by one or more spaces). Fails with a message naming the field that is wrong: empty
// text, a layout other than agg, disagg or *, more than seven fields before the date, a malformed date.
util::Result<ConfigurationName> parse_configuration_name(std::string_view text);

// Whether `group`'s fields (its date aside) are those `name` gives.
bool matches(const ConfigurationName& name, const ConfigGroupKey& group);

// The name written back as parse_configuration_name reads it, "*" for each field left open before the last given.
std::string to_string(const ConfigurationName& name);

// The full name of a run: every field and, when `dated`, its date (ConfigGroupKey::label() with the same spelling).
enum class NameDate
{
  included,
  left_out,
};
std::string configuration_name(const ConfigGroupKey& group, NameDate date);

}  // namespace infertrack::domain
