#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/query_flags.hpp"
#include "infertrack/cli/report_text.hpp"

#include "infertrack/app/queries/export_csv.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/json_views.hpp"

#include <fmt/core.h>

#include <cmath>
#include <memory>

namespace infertrack::cli {
namespace {

void
run_interpolate(const GlobalOptions& options, const InterpolateFlags& flags)
{
  const OutputFormat format = options.format();
  const app::InterpolationQuery query = to_query(flags);
  auto store = open_database(options);
  const auto [rows, left_out] = app::answer_interpolation(*store, query);
  if (rows.empty()) {
    require_stored_names(*store, query.filter);
  }
  const std::vector<domain::HeadlineComparison> headlines = app::headline_comparisons(*store, query);
  if (format == OutputFormat::json) {
    fmt::print("{}\n", app::interpolation_answer_json(flags.at, rows, left_out, headlines).dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("{}", app::interpolations_csv(rows, left_out));
    return;
  }
  fmt::print("{}", interpolation_table(rows, flags.at));
  if (!left_out.empty()) {
    fmt::print("Left out:\n");
    for (const app::LeftOutConfiguration& configuration : left_out) {
      fmt::print("  {}: {}\n", configuration.configuration, configuration.reason);
    }
  }
  if (!headlines.empty()) {
    fmt::print("\n{}", headline_text(headlines));
  }
}

}  // namespace

void
add_interpolate_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<InterpolateFlags>();
  CLI::App* command = app.add_subcommand(
    "interpolate", "Throughput per GPU of each configuration at a target interactivity (tok/s/user)");
  add_filter_options(*command, flags->filters, ModelFlag::required);
  command->add_option("--at", flags->at, "Target interactivity in tok/s/user (seconds with --axis)")
    ->capture_default_str();
  command->add_option("--basis", flags->basis, basis_help(""));
  command->add_option("--axis", flags->axis,
                      fmt::format("Read the curves against a latency instead of interactivity: {}",
                                  domain::k_latency_axis_choices));
  command->add_option("--metric", flags->metric, "Throughput: total, input or output (default: total; input with a "
                                                  "TTFT --axis)");
  command->add_flag("--spread", flags->spread,
                    "Also the run-to-run spread at the target: the runs of the configuration with its engine image "
                    "in the 14 days up to its run");
  command->callback([&options, flags] { run_interpolate(options, *flags); });
}

}  // namespace infertrack::cli
