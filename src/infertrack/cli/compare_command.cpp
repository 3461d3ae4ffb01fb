#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"

#include "infertrack/app/queries/compare_query.hpp"
#include "infertrack/util/text_table.hpp"

#include <fmt/format.h>

#include <memory>
#include <string>

namespace infertrack::cli {
namespace {

using util::TextTable;

struct CompareFlags
{
  std::string a;
  std::string b;
  double at = app::k_default_compare_target;
  std::string demand = app::k_default_compare_demand;
  double utilization = app::k_default_utilization;
  std::optional<std::string> as_of;
  std::optional<std::string> cost_per_gpu_hour;
  std::optional<std::string> kw_per_gpu;
  std::optional<std::string> gpus_per_rack;
};

// A value as the tables show it: lower bounds and missing values marked, as `glance` marks them.
std::string
value_text(const domain::InterpolatedThroughput& value)
{
  if (!value.throughput) {
    return "-";
  }
  const std::string number = util::group_thousands(*value.throughput);
  switch (value.state) {
    case domain::InterpolationState::exact:
      return number + " m";
    case domain::InterpolationState::clamped_low:
      return ">= " + number;
    default:
      return number;
  }
}

std::string
ratio_text(const domain::ComparedValue& value)
{
  if (!value.ratio || value.bound == domain::RatioBound::unbounded) {
    return "-";
  }
  const char* mark = value.bound == domain::RatioBound::at_least ? ">= "
                     : value.bound == domain::RatioBound::at_most ? "<= "
                                                                   : "";
  return fmt::format("{}{:.2f}x", mark, *value.ratio);
}

std::string
plan_text(const app::PlanAnswer& answer)
{
  if (!answer.plan) {
    return "no plan: " + answer.unavailable.value_or("unknown reason");
  }
  const domain::RackPlan& plan = *answer.plan;
  return fmt::format("{} racks, {} GPUs, ${}/day, {} MW, ${}/M tokens", plan.racks, plan.provisioned_gpus,
                     util::group_thousands(plan.cost_per_day), util::group_thousands(plan.power_mw, 2),
                     util::group_thousands(plan.cost_per_million_tokens, 3));
}

std::string
compare_text(const app::CompareAnswer& answer, const CompareFlags& flags)
{
  std::string text;
  for (std::size_t i = 0; i < 2; ++i) {
    text += fmt::format("{}: {}\n", i == 0 ? "a" : "b", answer.sides[i].group.label());
  }
  TextTable values({{"tok/s/user", TextTable::Align::right},
                    {"a tok/s/GPU", TextTable::Align::right},
                    {"b tok/s/GPU", TextTable::Align::right},
                    {"b / a", TextTable::Align::right}});
  const auto add = [&](const domain::ComparedValue& value, const std::string& mark) {
    values.add_row({fmt::format("{:g}{}", value.target, mark), value_text(value.a), value_text(value.b),
                    ratio_text(value)});
  };
  add(answer.at_target, " (target)");
  for (const domain::ComparedValue& value : answer.targets) {
    add(value, "");
  }
  text += "\nThroughput per GPU (interpolated on each Pareto frontier unless marked: m measured, >= a lower bound, "
          "- never measured that fast)\n";
  text += values.render();
  text += fmt::format("\nPlan for {} tokens/day at {:g} tok/s/user, utilization {:g}:\n", flags.demand, flags.at,
                      flags.utilization);
  for (std::size_t i = 0; i < 2; ++i) {
    text += fmt::format("  {}: {}\n", i == 0 ? "a" : "b", plan_text(answer.sides[i].plan));
  }
  TextTable settings({{"setting"}, {"a"}, {"b"}, {""}});
  for (const domain::SettingComparison& setting : answer.settings) {
    settings.add_row({setting.setting, fmt::format("{}", fmt::join(setting.a, ", ")),
                      fmt::format("{}", fmt::join(setting.b, ", ")), setting.differs ? "differs" : ""});
  }
  text += "\nSettings\n" + settings.render();
  return text;
}

void
run_compare(const GlobalOptions& options, const CompareFlags& flags)
{
  app::CompareQuery query;
  query.a = flags.a;
  query.b = flags.b;
  query.at = flags.at;
  query.demand = flags.demand;
  query.utilization = flags.utilization;
  query.as_of = checked_date(flags.as_of, "--as-of");
  app::PlanQuery figures;
  if (auto read = app::read_plan_figures(figures, flags.cost_per_gpu_hour, flags.kw_per_gpu, flags.gpus_per_rack);
      !read) {
    throw_usage(read.error());
  }
  query.cost_per_gpu_hour = figures.cost_per_gpu_hour;
  query.kw_per_gpu = figures.kw_per_gpu;
  query.gpus_per_rack = figures.gpus_per_rack;
  auto store = open_database(options);
  const auto answer = app::compare(*store, query);
  if (!answer) {
    throw_usage(answer.error().diagnostic);
  }
  switch (options.format()) {
    case OutputFormat::json:
      fmt::print("{}\n", app::compare_json(*answer).dump(2));
      return;
    case OutputFormat::csv:
      fmt::print("{}", app::compare_csv(*answer));
      return;
    case OutputFormat::table:
      fmt::print("{}", compare_text(*answer, flags));
      return;
  }
}

}  // namespace

void
add_compare_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<CompareFlags>();
  CLI::App* command = app.add_subcommand(
    "compare", "Two configurations (or one on two dates): values and ratio at the target, plans, settings");
  const char* name_help = "A configuration: its fields as the tracker labels it, e.g. 'DeepSeek-V4-Pro mi355x sglang "
                          "fp8 none agg 8192/1024 2026-04-25' (trailing fields may be left out, * matches any, "
                          "the date is optional)";
  command->add_option("--a", flags->a, name_help)->required();
  command->add_option("--b", flags->b, "The other configuration, named alike")->required();
  command->add_option("--at", flags->at, "Target interactivity, tok/s/user")->capture_default_str();
  command->add_option("--demand", flags->demand, "Tokens per day to plan for (T, B, M suffixes)")->capture_default_str();
  command->add_option("--utilization", flags->utilization, "Usable fraction of capacity")->capture_default_str();
  command->add_option("--as-of", flags->as_of, "A name without a date: its latest run on or before this date");
  command->add_option("--cost-per-gpu-hour", flags->cost_per_gpu_hour, "Override: N, or hardware=N pairs");
  command->add_option("--kw-per-gpu", flags->kw_per_gpu, "Override: N, or hardware=N pairs");
  command->add_option("--gpus-per-rack", flags->gpus_per_rack, "Override: N, or hardware=N pairs (mi355x=8)");
  command->callback([&options, flags] { run_compare(options, *flags); });
}

}  // namespace infertrack::cli
