#pragma once

#include "infertrack/app/queries/fleet_answer.hpp"
#include "infertrack/domain/service_level.hpp"

#include <span>
#include <string>

namespace infertrack::cli {

// Each configuration's operating point under the target, its binding limit and best measured point, as a table;
// then the configurations with no operating point and why.
std::string service_level_text(const domain::ServiceLevelTarget& target,
                               std::span<const domain::ServiceLevelAnswer> answers);

// The ranked fleets as a table (figures, $/M input and output, uncertainty ranges), then the unranked
// configurations and the caveats.
std::string fleet_text(const app::FleetAnswer& answer);

}  // namespace infertrack::cli
