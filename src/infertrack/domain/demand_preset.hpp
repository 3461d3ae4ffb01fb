#pragma once

#include <optional>
#include <string>

namespace infertrack::domain {

// A named daily token demand for the capacity planner, with the caveat and source that go with it.
// Presets come from overlapping disclosures: they are alternatives, never to be summed.
struct DemandPreset
{
  std::string key;                        // short name for flags: "fireworks", "openai-api", "custom", ...
  std::string label;                      // as the source dataset words it
  std::optional<double> tokens_per_day;   // logical tokens per day; empty for the custom entry
  std::string note;
  std::optional<std::string> source_url;

  bool operator==(const DemandPreset&) const = default;
};

}  // namespace infertrack::domain
