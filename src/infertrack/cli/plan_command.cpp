#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/query_flags.hpp"
#include "infertrack/cli/report_text.hpp"
#include "infertrack/cli/service_level_text.hpp"

#include "infertrack/app/queries/export_csv.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/budget_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/util/text_table.hpp"

#include <fmt/core.h>

#include <memory>

namespace infertrack::cli {
namespace {

struct PlanFlags
{
  FilterFlags filters;
  PlanFigureFlags figures;
  app::PlanQuery query;
  std::optional<std::string> slo_preset;
  std::optional<std::string> rank_by;
  std::optional<double> max_cost_per_million;
  std::optional<double> max_cost_per_day;
  std::optional<double> megawatts;
};

std::string
budget_text(const std::vector<app::BudgetAnswer>& answers)
{
  using util::group_thousands;
  util::TextTable table({{"configuration"},
                         {"tok/s/user", util::TextTable::Align::right},
                         {"tok/s/gpu", util::TextTable::Align::right},
                         {"brackets"},
                         {"tokens/day", util::TextTable::Align::right},
                         {"racks", util::TextTable::Align::right},
                         {"GPUs", util::TextTable::Align::right},
                         {"$/day", util::TextTable::Align::right},
                         {"MW", util::TextTable::Align::right}});
  std::string none;
  for (const app::BudgetAnswer& answer : answers) {
    const bool answered = !answer.unavailable && answer.position;
    if (!answered) {
      none += fmt::format("  {}: {}\n", answer.configuration, answer.unavailable.value_or("no answer"));
      continue;
    }
    const auto& plan = answer.plan;
    const auto& budget = answer.budget;
    table.add_row({answer.configuration, group_thousands(answer.position->interactivity, 2),
                   group_thousands(answer.position->throughput_per_gpu, 1),
                   answer.lower_result_id.value_or("") + (answer.upper_result_id ? ".." + *answer.upper_result_id : ""),
                   answer.tokens_per_day ? group_thousands(*answer.tokens_per_day) : "-",
                   plan ? group_thousands(static_cast<double>(plan->racks))
                        : budget ? group_thousands(static_cast<double>(budget->racks)) : "-",
                   plan ? group_thousands(static_cast<double>(plan->provisioned_gpus)) : "-",
                   plan ? group_thousands(plan->cost_per_day) : "-", plan ? util::small_figure(plan->power_mw) : "-"});
  }
  std::string text = answers.empty() ? std::string() : fmt::format("Question: {}\n", answers.front().question);
  text += table.render();
  if (!none.empty()) {
    text += "No answer:\n" + none;
  }
  return text;
}

void
run_budget(const GlobalOptions& options, PlanFlags& flags)
{
  if (!flags.query.filter.model) {
    throw UsageError("--model is required with --max-cost-per-million, --max-cost-per-day or --megawatts");
  }
  auto store = open_database(options);
  require_stored_names(*store, flags.query.filter);
  const app::BudgetQuery query{flags.query, flags.max_cost_per_million, flags.max_cost_per_day, flags.megawatts};
  auto answers = app::answer_budget(*store, query);
  if (!answers) {
    throw_usage(answers.error());
  }
  if (options.format() == OutputFormat::json) {
    nlohmann::json list = nlohmann::json::array();
    for (const app::BudgetAnswer& answer : *answers) {
      list.push_back(app::to_json(answer));
    }
    fmt::print("{}\n", list.dump(2));
  } else if (options.format() == OutputFormat::csv) {
    throw UsageError("--csv: inverse questions answer in text or --json");
  } else {
    fmt::print("{}", budget_text(*answers));
  }
}

void
run_fleet(const GlobalOptions& options, PlanFlags& flags)
{
  if (flags.rank_by) {
    const auto rank = domain::parse_fleet_rank(*flags.rank_by);
    if (!rank) {
      throw UsageError(fmt::format("--rank-by: expected {} (got '{}')", domain::k_fleet_rank_choices, *flags.rank_by));
    }
    flags.query.rank_by = *rank;
  }
  if (!flags.query.filter.model) {
    throw UsageError("--model is required with --slo, e.g. --model DeepSeek-V4-Pro --slo \"interactivity>=50\"");
  }
  auto store = open_database(options);
  require_stored_names(*store, flags.query.filter);
  auto answer = app::plan_fleet(*store, flags.query);
  if (!answer) {
    throw_usage(answer.error());
  }
  const OutputFormat format = options.format();
  if (format == OutputFormat::json) {
    fmt::print("{}\n", app::to_json(*answer).dump(2));
  } else if (format == OutputFormat::csv) {
    fmt::print("{}", app::fleet_csv(*answer));
  } else {
    fmt::print("{}", fleet_text(*answer));
  }
}

void
run_plan(const GlobalOptions& options, PlanFlags flags)
{
  const OutputFormat format = options.format();
  flags.query.filter = flags.filters.to_filter();
  apply_plan_figures(flags.figures, flags.query);
  if (flags.max_cost_per_million || flags.max_cost_per_day || flags.megawatts) {
    run_budget(options, flags);
    return;
  }
  if (flags.query.slo || flags.slo_preset) {
    flags.query.slo = service_level_flags(flags.query.slo, flags.slo_preset, "--slo", "--slo-preset");
    run_fleet(options, flags);
    return;
  }
  if (flags.rank_by) {
    throw UsageError("--rank-by: ranks the fleets of a service-level target; give --slo with it");
  }
  // With --point as well, plan() names that clash instead.
  if (flags.query.at && !flags.query.point && !flags.query.filter.model) {
    throw UsageError("--model is required with --at, e.g. --model DeepSeek-V4.1-Flash --at 100");
  }
  auto store = open_database(options);
  if (flags.query.at) {
    require_stored_names(*store, flags.query.filter);
  }
  auto answers = app::plan(*store, flags.query);
  if (!answers) {
    throw_usage(answers.error());
  }
  if (format == OutputFormat::json) {
    nlohmann::json list = nlohmann::json::array();
    for (const app::PlanAnswer& answer : *answers) {
      list.push_back(app::to_json(answer));
    }
    fmt::print("{}\n", list.dump(2));
  } else if (format == OutputFormat::csv) {
    fmt::print("{}", app::plans_csv(*answers));
  } else {
    fmt::print("{}", plan_text(*answers));
  }
}

}  // namespace

void
add_plan_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<PlanFlags>();
  app::PlanQuery& query = flags->query;
  CLI::App* command = app.add_subcommand(
    "plan", "Size a daily token demand in GPU groups, whole racks, $/day and MW");
  add_filter_options(*command, flags->filters, ModelFlag::required_with_at);
  command->add_option("--point", query.point, "Plan on this measured result id");
  command->add_option("--at", query.at, "Plan on each configuration's frontier at this tok/s/user");
  command->add_option("--demand", query.demand, "Logical tokens per day: 40T, 1.5B, 500M");
  command->add_option("--preset", query.preset, "A demand preset key (see `infertrack presets`); custom takes --demand");
  command->add_option("--utilization", query.utilization, "Usable fraction of capacity, in (0, 1]")
    ->capture_default_str();
  command->add_option("--mix", query.mix, "Input:output token mix, e.g. 3:1 (default: the benchmark's own)");
  command->add_option("--slo", query.slo,
                      "Service-level target, e.g. \"interactivity>=50,ttft_p99<=2s,e2el_p90<=30s\": rank the best "
                      "single-configuration fleet for the demand under it (instead of --point or --at)");
  command->add_option("--slo-preset", flags->slo_preset, slo_preset_help());
  command->add_option("--rank-by", flags->rank_by, "With --slo or --slo-preset: rank by cost ($/day, the default), power (MW) or gpus");
  command->add_option("--max-cost-per-million", flags->max_cost_per_million,
                      "Inverse: the highest interactivity each configuration serves at or under this $/M tokens");
  command->add_option("--max-cost-per-day", flags->max_cost_per_day,
                      "Inverse: with --demand, the highest interactivity whose whole racks cost at most this $/day; "
                      "with --at, the largest demand they serve");
  command->add_option("--megawatts", flags->megawatts,
                      "Inverse: the fleet a power budget holds; with --at, its GPUs, racks and tokens/day; with "
                      "--demand, the highest interactivity it serves");
  add_plan_figure_options(*command, flags->figures, "");
  command->callback([&options, flags] { run_plan(options, *flags); });
}

}  // namespace infertrack::cli
