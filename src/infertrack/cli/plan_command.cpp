#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/query_flags.hpp"
#include "infertrack/cli/report_text.hpp"

#include "infertrack/app/queries/export_csv.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/plan_query.hpp"

#include <fmt/core.h>

#include <memory>

namespace infertrack::cli {
namespace {

struct PlanFlags
{
  FilterFlags filters;
  PlanFigureFlags figures;
  app::PlanQuery query;
};

void
run_plan(const GlobalOptions& options, PlanFlags flags)
{
  const OutputFormat format = options.format();
  flags.query.filter = flags.filters.to_filter();
  apply_plan_figures(flags.figures, flags.query);
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
  add_plan_figure_options(*command, flags->figures, "");
  command->callback([&options, flags] { run_plan(options, *flags); });
}

}  // namespace infertrack::cli
