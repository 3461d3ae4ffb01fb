#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/listing.hpp"
#include "infertrack/cli/query_flags.hpp"

#include "infertrack/app/queries/evals_query.hpp"

#include <fmt/core.h>

#include <memory>

namespace infertrack::cli {
namespace {

// The throughput cell: one decimal, blank when the target is out of the curve's reach, "no curve" without one.
std::string
throughput_text(const app::EvalRow& row)
{
  if (!row.value) {
    return "no curve";
  }
  if (!row.value->throughput) {
    return "";
  }
  return fmt::format("{:.1f}", *row.value->throughput);
}

void
run_evals(const GlobalOptions& options, const InterpolateFlags& flags)
{
  const OutputFormat format = options.format();
  const app::InterpolationQuery query = to_query(flags);
  auto store = open_database(options);
  const app::EvalsAnswer answer = app::answer_evals(*store, query);
  if (format == OutputFormat::json) {
    fmt::print("{}\n", app::evals_answer_json(answer).dump(2));
    return;
  }
  const std::string at = fmt::format("{:g}", flags.at);
  Listing listing({{"Configuration", "configuration"},
                   {"", "model"},
                   {"", "hardware"},
                   {"", "framework"},
                   {"", "precision"},
                   {"", "spec_method"},
                   {"", "disaggregated"},
                   {"", "workload"},
                   {"Task", "task"},
                   {"Score ± stderr", ""},
                   {"", "score", util::TextTable::Align::right},
                   {"", "stderr", util::TextTable::Align::right},
                   {"Date", "date"},
                   {"tok/s/GPU @" + at, "tps_per_gpu", util::TextTable::Align::right},
                   {"", "state"}});
  for (const app::EvalRow& row : answer.rows) {
    listing.add_row({Listing::text(row.configuration.label()),
                     Listing::text(row.configuration.model),
                     Listing::text(row.configuration.hardware),
                     Listing::text(row.configuration.framework),
                     Listing::text(row.configuration.precision),
                     Listing::text(row.configuration.spec_method),
                     Listing::plain(row.configuration.disaggregated ? "true" : "false"),
                     Listing::plain(row.configuration.workload),
                     Listing::text(row.eval.task),
                     Listing::plain(fmt::format("{:.4f} ± {:.4f}", row.eval.score, row.eval.standard_error)),
                     Listing::plain(fmt::format("{:g}", row.eval.score)),
                     Listing::plain(fmt::format("{:g}", row.eval.standard_error)),
                     Listing::plain(row.eval.date),
                     Listing::plain(throughput_text(row)),
                     Listing::plain(row.value ? domain::to_string(row.value->state) : "")});
  }
  if (format == OutputFormat::csv) {
    fmt::print("{}", listing.csv());
    return;
  }
  if (answer.rows.empty()) {
    fmt::print("No evaluation results stored for these configurations.\n");
    return;
  }
  fmt::print("{}", listing.table());
  if (!answer.warnings.empty()) {
    fmt::print("\nAccuracy warnings:\n");
    for (const domain::AccuracyWarning& warning : answer.warnings) {
      fmt::print("  {}\n", warning.detail);
    }
  }
}

}  // namespace

void
add_evals_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<InterpolateFlags>();
  CLI::App* command = app.add_subcommand(
    "evals", "Accuracy scores (lm-eval) of each configuration beside its throughput per GPU at a target interactivity");
  add_filter_options(*command, flags->filters, ModelFlag::required);
  command->add_option("--at", flags->at, "Target interactivity in tok/s/user")->capture_default_str();
  command->callback([&options, flags] { run_evals(options, *flags); });
}

}  // namespace infertrack::cli
