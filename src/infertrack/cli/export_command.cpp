#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/query_flags.hpp"

#include "infertrack/app/queries/export_document.hpp"
#include "infertrack/util/atomic_file.hpp"

#include <fmt/core.h>

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

namespace infertrack::cli {
namespace {

// Every flag `export` takes; each kind uses the ones of its own subcommand.
struct ExportFlags
{
  std::string kind;
  InterpolateFlags curve;   // filters, --basis, --metric (interpolations, history and frontiers)
  std::optional<double> at; // interpolations default to 100; history requires it; plans read curves at it
  HistoryFlags history;     // --from, --to, --launch-date
  app::PlanQuery plan;      // --point, --demand, --preset, --utilization and --mix
  PlanFigureFlags figures;  // the overrides
  std::string format = "csv";
  std::optional<std::string> output;
};

// The flags each kind takes besides the filters, --format and --output.
const std::map<app::ExportKind, std::set<std::string>>&
kind_flags()
{
  static const std::map<app::ExportKind, std::set<std::string>> flags = {
    {app::ExportKind::points, {}},
    {app::ExportKind::frontiers, {"--basis", "--metric"}},
    {app::ExportKind::interpolations, {"--at", "--basis", "--metric"}},
    {app::ExportKind::history, {"--at", "--basis", "--metric", "--from", "--to", "--launch-date", "--join-precisions"}},
    {app::ExportKind::plans,
     {"--at", "--point", "--demand", "--preset", "--utilization", "--mix", "--cost-per-gpu-hour", "--kw-per-gpu",
      "--gpus-per-rack"}},
  };
  return flags;
}

// Refuses a flag given that the kind does not use, rather than silently ignoring it.
void
check_flags(app::ExportKind kind, const CLI::App& command)
{
  const std::set<std::string>& allowed = kind_flags().at(kind);
  for (const auto& [_, names] : kind_flags()) {
    for (const std::string& name : names) {
      if (!allowed.contains(name) && command.get_option(name)->count() > 0) {
        throw UsageError(fmt::format("{}: not used by an export of {}", name, app::to_string(kind)));
      }
    }
  }
}

app::ExportQuery
to_export_query(app::ExportKind kind, ExportFlags flags)
{
  switch (kind) {
    case app::ExportKind::points:
      return app::PointsQuery{flags.curve.filters.to_filter()};
    case app::ExportKind::frontiers: {
      // The interpolation flags' checks without a target: a frontier has none.
      const app::InterpolationQuery query = to_query(flags.curve);
      return app::FrontierQuery{query.filter, query.curve};
    }
    case app::ExportKind::interpolations:
      flags.curve.at = flags.at.value_or(flags.curve.at);
      return to_query(flags.curve);
    case app::ExportKind::history:
      flags.history.filters = flags.curve.filters;
      flags.history.at = flags.at;
      flags.history.basis = flags.curve.basis;
      flags.history.metric = flags.curve.metric.value_or("total");
      return to_query(flags.history);
    case app::ExportKind::plans:
      flags.plan.filter = flags.curve.filters.to_filter();
      flags.plan.at = flags.at;
      apply_plan_figures(flags.figures, flags.plan);
      if (flags.plan.at && !flags.plan.point && !flags.plan.filter.model) {
        throw UsageError("--model is required with --at, e.g. --model DeepSeek-V4.1-Flash --at 100");
      }
      return flags.plan;
  }
  throw UsageError("unknown export kind");
}

// `path` made absolute, through the symbolic links of the part that exists: two spellings of one file compare
// equal whether or not it exists yet.
std::filesystem::path
resolved(const std::filesystem::path& path)
{
  std::error_code error;
  // Not normalised before the links are followed: "link/.." is the parent of the link's target, not ".".
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  if (error) {
    return path.lexically_normal();
  }
  std::filesystem::path canonical = std::filesystem::weakly_canonical(absolute, error);
  return error ? absolute.lexically_normal() : canonical;
}

// Refuses an --output that names the database file or one of SQLite's files beside it: the export would replace
// the whole store (accounts and comments included) with its text.
void
refuse_output_over_database(const std::string& output, const std::filesystem::path& database)
{
  const std::filesystem::path target = resolved(output);
  const std::filesystem::path database_file = resolved(database);
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::filesystem::path file = database_file;
    file += suffix;
    std::error_code ignored;
    if (target == file || std::filesystem::equivalent(target, file, ignored)) {
      throw UsageError(fmt::format("--output: '{}' is the database's own file{}; choose another file", output,
                                   *suffix == '\0' ? "" : fmt::format(" ({})", suffix + 1)));
    }
  }
}

void
run_export(const GlobalOptions& options, const ExportFlags& flags, const CLI::App& command)
{
  if (options.json || options.csv) {
    throw UsageError("--json/--csv: an export takes --format csv or --format json");
  }
  const std::optional<app::ExportKind> kind = app::parse_export_kind(flags.kind);
  if (!kind) {
    throw UsageError(fmt::format("unknown export '{}' (expected points, frontiers, interpolations, history or plans)",
                                 flags.kind));
  }
  const std::optional<app::ExportFormat> format = app::parse_export_format(flags.format);
  if (!format) {
    throw UsageError(fmt::format("--format: expected csv or json (got '{}')", flags.format));
  }
  check_flags(*kind, command);
  if (flags.output) {
    refuse_output_over_database(*flags.output, database_path(options));
  }
  const app::ExportQuery query = to_export_query(*kind, flags);
  auto store = open_database(options);
  require_stored_names(*store, flags.curve.filters.to_filter());
  const auto document = app::build_export(*store, query, *format);
  if (!document) {
    throw_usage(document.error());
  }
  if (!flags.output) {
    fmt::print("{}", document->text);
    return;
  }
  if (const auto written = util::write_file_atomically(*flags.output, document->text); !written) {
    throw std::runtime_error("--output: " + written.error().to_string());
  }
}

}  // namespace

void
add_export_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<ExportFlags>();
  CLI::App* command = app.add_subcommand(
    "export", "Write points, frontiers, interpolations, history or plans as CSV or JSON, with their provenance");
  command->add_option("kind", flags->kind, "points, frontiers, interpolations, history or plans")->required();
  add_filter_options(*command, flags->curve.filters, ModelFlag::required_but_for_points);
  command->add_option("--format", flags->format, "csv or json")->capture_default_str();
  command->add_option("--output", flags->output, "Write to this file (whole or not at all) instead of stdout");
  command->add_option("--at", flags->at, "Target interactivity in tok/s/user (interpolations and history: default 100)");
  command->add_option("--basis", flags->curve.basis, basis_help(""));
  command->add_option("--metric", flags->curve.metric, "Throughput: total, input or output (default: total)");
  command->add_option("--from", flags->history.from, "history: with --to, the improvement between two run dates");
  command->add_option("--to", flags->history.to, "history: with --from, the later run date");
  command->add_flag("--join-precisions", flags->history.join_precisions,
                    "history: one series for configurations that differ only in precision");
  command->add_option("--launch-date", flags->history.launch_date, "history: day 0 of 'days since launch'")
    ->capture_default_str();
  app::PlanQuery& plan = flags->plan;
  command->add_option("--point", plan.point, "plans: plan on this measured result id");
  command->add_option("--demand", plan.demand, "plans: logical tokens per day, e.g. 40T");
  command->add_option("--preset", plan.preset, "plans: a demand preset key");
  command->add_option("--utilization", plan.utilization, "plans: usable fraction of capacity")->capture_default_str();
  command->add_option("--mix", plan.mix, "plans: input:output token mix, e.g. 3:1");
  add_plan_figure_options(*command, flags->figures, "plans: ");
  command->callback([&options, flags, command] { run_export(options, *flags, *command); });
}

}  // namespace infertrack::cli
