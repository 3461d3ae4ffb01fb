#include "infertrack/cli/query_flags.hpp"

#include "infertrack/cli/command_context.hpp"
#include "infertrack/domain/service_level_presets.hpp"

#include <fmt/core.h>

#include <cmath>

namespace infertrack::cli {
namespace {

void
require_model(const FilterFlags& filters)
{
  if (!filters.model) {
    throw UsageError("--model is required, e.g. --model DeepSeek-V4-Pro");
  }
}

}  // namespace

void
add_plan_figure_options(CLI::App& command, PlanFigureFlags& flags, std::string_view help_prefix)
{
  const auto help = [&](std::string_view what) {
    return fmt::format("{}override {}: N for every hardware, or hardware=N pairs (mi355x=8,gb200=72)", help_prefix, what);
  };
  command.add_option("--cost-per-gpu-hour", flags.cost_per_gpu_hour, help("$/GPU-hour"));
  command.add_option("--kw-per-gpu", flags.kw_per_gpu, help("all-in kW per GPU"));
  command.add_option("--gpus-per-rack", flags.gpus_per_rack, help("GPUs per rack"));
}

void
apply_plan_figures(const PlanFigureFlags& flags, app::PlanQuery& query)
{
  if (auto read = app::read_plan_figures(query, flags.cost_per_gpu_hour, flags.kw_per_gpu, flags.gpus_per_rack);
      !read) {
    throw_usage(read.error());
  }
}

std::string
basis_help(std::string_view help_prefix)
{
  return fmt::format("{}Interactivity basis: {}; auto, the default, is P90 ITL for agentic runs and median TPOT for "
                     "fixed-length ones, the other where a point lacks it",
                     help_prefix, domain::k_basis_choices);
}

std::optional<domain::InteractivityBasis>
basis_flag(const std::optional<std::string>& basis)
{
  if (!basis) {
    return std::nullopt;
  }
  const std::optional<domain::BasisChoice> choice = domain::parse_basis_choice(*basis);
  if (!choice) {
    throw UsageError("--basis: expected " + std::string(domain::k_basis_choices) + " (got '" + *basis + "')");
  }
  return choice->basis;
}

domain::ThroughputMetric
metric_flag(const std::string& metric)
{
  const auto parsed = domain::parse_throughput_metric(metric);
  if (!parsed) {
    throw UsageError("--metric: expected total, input or output (got '" + metric + "')");
  }
  return *parsed;
}

std::string
slo_preset_help()
{
  std::string help = "A service-level preset instead of --slo:";
  for (const domain::ServiceLevelPreset& preset : domain::service_level_presets()) {
    help += fmt::format(" {} ({}),", preset.key, preset.slo);
  }
  help.back() = '.';
  return help;
}

std::string
service_level_flags(const std::optional<std::string>& slo,
                    const std::optional<std::string>& preset,
                    std::string_view slo_flag,
                    std::string_view preset_flag)
{
  if (slo && preset) {
    throw UsageError(fmt::format("{} and {}: give one of them", slo_flag, preset_flag));
  }
  if (!preset) {
    if (!slo) {
      throw UsageError(fmt::format("{} or {} is required, e.g. {} chat or {} \"interactivity>=50,ttft_p99<=2s\"",
                                   slo_flag, preset_flag, preset_flag, slo_flag));
    }
    return *slo;
  }
  const domain::ServiceLevelPreset* found = domain::find_service_level_preset(*preset);
  if (!found) {
    throw UsageError(fmt::format("{}: unknown preset '{}' (expected {})", preset_flag, *preset,
                                 domain::service_level_preset_keys()));
  }
  return std::string(found->slo);
}

app::InterpolationQuery
to_query(const InterpolateFlags& flags)
{
  require_model(flags.filters);
  app::InterpolationQuery query;
  if (flags.axis) {
    query.curve.latency = domain::parse_latency_axis(*flags.axis);
    if (!query.curve.latency) {
      throw UsageError(fmt::format("--axis: expected {} (got '{}')", domain::k_latency_axis_choices, *flags.axis));
    }
    if (flags.basis) {
      throw UsageError("--basis: reads interactivity; with --axis the curves are read against that latency");
    }
  }
  if (!(std::isfinite(flags.at) && flags.at > 0)) {
    throw UsageError(fmt::format("--at: must be a positive number of {} (got {})",
                                 query.curve.latency ? "seconds" : "tok/s/user", flags.at));
  }
  query.filter = flags.filters.to_filter();
  query.target = flags.at;
  query.curve.basis = basis_flag(flags.basis);
  // Time to first token is spent on the input: a TTFT curve reads input throughput unless asked otherwise.
  const bool ttft = query.curve.latency && query.curve.latency->kind == domain::LatencyKind::ttft;
  query.curve.metric = metric_flag(flags.metric.value_or(ttft ? "input" : "total"));
  if (flags.spread && flags.axis) {
    throw UsageError("--spread: the run-to-run spread is read on interactivity curves; drop --axis or --spread");
  }
  query.spread = flags.spread;
  return query;
}

app::HistoryQuery
to_query(const HistoryFlags& flags)
{
  require_model(flags.filters);
  // 100 tok/s/user unless asked, as interpolate and the API's history take it.
  const double at = flags.at.value_or(app::HistoryQuery{}.options.target);
  if (!(std::isfinite(at) && at > 0)) {
    throw UsageError(fmt::format("--at: must be a positive number of tok/s/user (got {})", at));
  }
  app::HistoryQuery query;
  query.filter = flags.filters.to_filter();
  query.options.target = at;
  query.options.basis = basis_flag(flags.basis);
  query.options.metric = metric_flag(flags.metric);
  query.options.launch_date = *checked_date(flags.launch_date, "--launch-date");
  query.from = checked_date(flags.from, "--from");
  query.to = checked_date(flags.to, "--to");
  query.join_precisions = flags.join_precisions;
  if (const auto dates = app::check_history_dates(query); !dates) {
    throw_usage(dates.error());
  }
  return query;
}

}  // namespace infertrack::cli
