#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/query_flags.hpp"
#include "infertrack/cli/report_text.hpp"

#include "infertrack/app/export_csv.hpp"
#include "infertrack/app/interpolation_query.hpp"
#include "infertrack/app/json_views.hpp"

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
  const std::vector<app::InterpolationRow> rows = app::interpolate(*store, query);
  if (rows.empty()) {
    require_stored_model(*store, query.filter);
  }
  const std::vector<domain::HeadlineComparison> headlines = app::headline_comparisons(*store, query);
  if (format == OutputFormat::json) {
    nlohmann::json json = {{"target_interactivity", flags.at},
                           {"rows", nlohmann::json::array()},
                           {"headlines", nlohmann::json::array()}};
    for (const app::InterpolationRow& row : rows) {
      json["rows"].push_back(app::to_json(row));
    }
    for (const domain::HeadlineComparison& comparison : headlines) {
      json["headlines"].push_back(app::to_json(comparison));
    }
    fmt::print("{}\n", json.dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("{}", app::interpolations_csv(rows));
    return;
  }
  fmt::print("{}", interpolation_table(rows, flags.at));
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
  command->add_option("--at", flags->at, "Target interactivity in tok/s/user")->capture_default_str();
  command->add_option("--basis", flags->basis, "Interactivity basis: p90_itl or median_tpot (default: P90 ITL for "
                                               "agentic runs, median TPOT for fixed-length ones, the other where a "
                                               "point lacks it)");
  command->add_option("--metric", flags->metric, "Throughput: total, input or output")->capture_default_str();
  command->callback([&options, flags] { run_interpolate(options, *flags); });
}

}  // namespace infertrack::cli
