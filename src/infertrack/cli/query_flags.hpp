#pragma once

#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/domain/history.hpp"

#include <optional>
#include <string>

namespace infertrack::cli {

// The flags of `interpolate`, which `export interpolations` takes too.
struct InterpolateFlags
{
  FilterFlags filters;
  double at = 100;
  std::optional<std::string> basis;
  std::optional<std::string> axis; // a latency such as ttft_p99: --at is then seconds
  std::optional<std::string> metric;
  bool spread = false;
};

// The flags of `history`, which `export history` takes too.
struct HistoryFlags
{
  FilterFlags filters;
  std::optional<double> at;
  std::optional<std::string> basis;
  std::string metric = "total";
  std::optional<std::string> from;
  std::optional<std::string> to;
  std::string launch_date = std::string(domain::k_deepseek_v4_launch_date);
  bool join_precisions = false;
};

// The planner's figure overrides as typed: a value for every hardware ("8"), or hardware=value pairs
// ("mi355x=8,b200=8"). `plan` and `export plans` take them.
struct PlanFigureFlags
{
  std::optional<std::string> cost_per_gpu_hour;
  std::optional<std::string> kw_per_gpu;
  std::optional<std::string> gpus_per_rack;
};

// Adds --cost-per-gpu-hour, --kw-per-gpu and --gpus-per-rack, their help texts after `help_prefix` ("plans: ").
void add_plan_figure_options(CLI::App& command, PlanFigureFlags& flags, std::string_view help_prefix);

// Sets `query`'s overrides from the flags; throws UsageError naming the flag that is malformed.
void apply_plan_figures(const PlanFigureFlags& flags, app::PlanQuery& query);

// --basis's help, after `help_prefix` ("history: "): the choices and what auto means.
std::string basis_help(std::string_view help_prefix);

// --basis (p90_itl or median_tpot; unset: automatic) and --metric; throw UsageError naming the flag.
std::optional<domain::InteractivityBasis> basis_flag(const std::optional<std::string>& basis);
domain::ThroughputMetric metric_flag(const std::string& metric);

// --slo-preset's help: every preset's key and limits (domain/service_level_presets.hpp).
std::string slo_preset_help();

// The limits of `--slo LIMITS` or `--slo-preset KEY` (exactly one of them; `slo_flag` and `preset_flag` name them in
// refusals); throws UsageError when both or neither are given or the key is unknown.
std::string service_level_flags(const std::optional<std::string>& slo,
                                const std::optional<std::string>& preset,
                                std::string_view slo_flag,
                                std::string_view preset_flag);

// The query the flags ask for; throws UsageError for a missing or malformed flag.
app::InterpolationQuery to_query(const InterpolateFlags& flags);
app::HistoryQuery to_query(const HistoryFlags& flags);

}  // namespace infertrack::cli
