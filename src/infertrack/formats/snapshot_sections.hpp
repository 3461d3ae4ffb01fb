#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/demand_preset.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/published_headline.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/util/result.hpp"

#include <string>
#include <string_view>
#include <vector>

// The snapshot's sections besides its points. Headlines and hardware refer to the points (a headline label
// names one of their models, the hardware key is theirs), so those are resolved once all points are read.
namespace infertrack::formats {

// The headlines of one `headline_<target>` object (e.g. `headline_100`), with their models still unresolved.
util::Result<std::vector<domain::PublishedHeadline>> read_headlines(JsonValue value, std::string_view key);

// The `hardware` object, with its hardware key still unresolved.
util::Result<domain::HardwareCost> read_hardware(JsonValue value);

// The `presets` array; `value` is in trillions of logical tokens per day, null for the custom entry.
util::Result<std::vector<domain::DemandPreset>> read_presets(JsonValue value);

// Sets each headline's model to the one model of `points` whose name contains its label, and checks its
// bracket result ids name points of the file.
util::Result<void> resolve_headlines(std::vector<domain::PublishedHeadline>& headlines, const KeptPoints& points);

// Sets the hardware key: the GPU every point names, else the GPU in the hardware's name.
util::Result<void> resolve_hardware_key(domain::HardwareCost& hardware, const KeptPoints& points);

}  // namespace infertrack::formats
