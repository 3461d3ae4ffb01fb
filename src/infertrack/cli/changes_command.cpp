#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/listing.hpp"
#include "infertrack/cli/query_flags.hpp"

#include "infertrack/app/queries/changes_query.hpp"
#include "infertrack/util/text_table.hpp"

#include <fmt/core.h>

#include <cmath>
#include <memory>

namespace infertrack::cli {
namespace {

struct ChangesFlags
{
  FilterFlags filters;
  std::optional<std::string> since;
  double threshold = domain::k_default_change_threshold;
  std::optional<std::string> basis;
  std::string metric = "total";
  bool join_precisions = false;
};

app::ChangesQuery
to_changes_query(const ChangesFlags& flags)
{
  if (!flags.filters.model) {
    throw UsageError("--model is required, e.g. --model DeepSeek-V4-Pro");
  }
  if (!(std::isfinite(flags.threshold) && flags.threshold > 0)) {
    throw UsageError(fmt::format("--threshold: must be a positive fraction such as 0.1 for 10% (got {})",
                                 flags.threshold));
  }
  app::ChangesQuery query;
  query.filter = flags.filters.to_filter();
  query.options.threshold = flags.threshold;
  query.options.since = checked_date(flags.since, "--since");
  query.basis = basis_flag(flags.basis);
  query.metric = metric_flag(flags.metric);
  query.join_precisions = flags.join_precisions;
  return query;
}

// "x12.3 (+1130.0%)", with ">=" or "<=" when a clamped_low end makes it a bound.
std::string
size_text(const domain::ChangeFinding& finding)
{
  const char* prefix = finding.bound == domain::FactorBound::at_least  ? ">= "
                       : finding.bound == domain::FactorBound::at_most ? "<= "
                                                                       : "";
  return fmt::format("{}{:.2f}x ({:+.1f}%)", prefix, finding.ratio, finding.percent);
}

std::string
targets_text(const domain::ChangeFinding& finding)
{
  std::string text;
  for (const double target : finding.targets) {
    text += (text.empty() ? "" : " ") + fmt::format("{:g}", target);
  }
  return text;
}

// The bracket result ids of one run's value at the finding's largest change.
std::string
brackets(const app::ChangeRow& row, bool later)
{
  for (const domain::TargetChange& change : row.comparison->targets) {
    if (change.target == row.finding->at) {
      const domain::InterpolatedThroughput& value = later ? change.later : change.earlier;
      return value.lower_result_id.value_or("-") + (value.upper_result_id ? " .. " + *value.upper_result_id : "");
    }
  }
  return "-";
}

void
run_changes(const GlobalOptions& options, const ChangesFlags& flags)
{
  const OutputFormat format = options.format();
  const app::ChangesQuery query = to_changes_query(flags);
  auto store = open_database(options);
  const app::ChangesAnswer answer = app::changes(*store, query);
  if (answer.series.empty()) {
    require_stored_names(*store, query.filter);
  }
  if (format == OutputFormat::json) {
    fmt::print("{}\n", app::changes_json(query, answer).dump(2));
    return;
  }
  const std::vector<Listing::Column> columns = {
    {"configuration", "configuration"},
    {"from", "earlier_date"},
    {"to", "later_date"},
    {"", "earlier_precision"},
    {"", "later_precision"},
    {"change", "direction"},
    {"size", ""},
    {"", "ratio", util::TextTable::Align::right},
    {"", "percent", util::TextTable::Align::right},
    {"", "bound"},
    {"at", "at", util::TextTable::Align::right},
    {"targets (tok/s/user)", "targets"},
    {"earlier brackets", "earlier_result_ids"},
    {"later brackets", "later_result_ids"},
  };
  const std::vector<app::ChangeRow> rows = answer.findings();
  const std::string listing = listing_text(
    format, columns, rows,
    [](const app::ChangeRow& row) {
      const domain::ChangeFinding& finding = *row.finding;
      return std::vector<Listing::Cell>{
        Listing::text(row.series->configuration.label()),
        Listing::plain(row.comparison->earlier.date),
        Listing::plain(row.comparison->later.date),
        Listing::plain(row.comparison->earlier.precision),
        Listing::plain(row.comparison->later.precision),
        Listing::plain(domain::to_string(finding.direction)),
        Listing::plain(size_text(finding)),
        Listing::plain(fmt::format("{:.6g}", finding.ratio)),
        Listing::plain(fmt::format("{:.2f}", finding.percent)),
        Listing::plain(domain::to_string(finding.bound)),
        Listing::plain(fmt::format("{:g}", finding.at)),
        Listing::plain(targets_text(finding)),
        Listing::text(brackets(row, false)),
        Listing::text(brackets(row, true)),
      };
    },
    [](const app::ChangeRow&) { return nlohmann::json(); });
  if (format == OutputFormat::csv) {
    fmt::print("{}", listing);
    return;
  }
  fmt::print("Changes of at least {:g}% between each run and the run before it, at every {:g} tok/s/user both reach "
             "(>= / <= : a clamped_low end makes the size a bound)\n",
             query.options.threshold * 100, domain::k_change_target_step);
  if (rows.empty()) {
    fmt::print("No change of {:g}% or more.\n", query.options.threshold * 100);
  } else {
    fmt::print("{}", listing);
  }
  std::size_t carried = 0;
  for (const app::RunStatus& run : answer.runs) {
    carried += run.carried_over() ? 1 : 0;
  }
  fmt::print("{} runs, {} new, {} carried over (every point repeats the run before)\n", answer.runs.size(),
             answer.runs.size() - carried, carried);
}

}  // namespace

void
add_changes_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<ChangesFlags>();
  CLI::App* command = app.add_subcommand(
    "changes", "Each configuration's runs compared with the run before: changes beyond a threshold, either way");
  add_filter_options(*command, flags->filters, ModelFlag::required);
  command->add_option("--since", flags->since, "Only runs on or after this date (YYYY-MM-DD)");
  command->add_option("--threshold", flags->threshold, "The smallest change reported, a fraction (0.1 is 10%)")
    ->capture_default_str();
  command->add_flag("--join-precisions", flags->join_precisions,
                    "One series for configurations that differ only in precision (fp8 launch day, then fp4)");
  command->add_option("--basis", flags->basis, basis_help(""));
  command->add_option("--metric", flags->metric, "Throughput: total, input or output")->capture_default_str();
  command->callback([&options, flags] { run_changes(options, *flags); });
}

}  // namespace infertrack::cli
