#pragma once

#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/domain/headline_comparison.hpp"

#include <span>
#include <string>

namespace infertrack::cli {

// The terminal renderings of the tracker's answers, shared by the subcommands and the summary.
// "Throughput", or which tokens it counts when not all of them ("Output-token throughput").
std::string throughput_title(domain::ThroughputMetric metric);
std::string interpolation_table(std::span<const app::InterpolationRow> rows, double target);
std::string headline_text(std::span<const domain::HeadlineComparison> headlines);
std::string plan_text(std::span<const app::PlanAnswer> answers);

}  // namespace infertrack::cli
