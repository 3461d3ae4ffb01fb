#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/query_flags.hpp"
#include "infertrack/cli/service_level_text.hpp"

#include "infertrack/app/queries/service_level_query.hpp"

#include <fmt/core.h>

#include <memory>

namespace infertrack::cli {
namespace {

struct ServiceLevelFlags
{
  FilterFlags filters;
  std::optional<std::string> slo;
  std::optional<std::string> preset;
  std::optional<std::string> basis;
  std::string metric = "total";
};

void
run_service_level(const GlobalOptions& options, const ServiceLevelFlags& flags)
{
  app::ServiceLevelQuery query;
  query.filter = flags.filters.to_filter();
  auto target = domain::parse_service_level_target(service_level_flags(flags.slo, flags.preset, "--slo", "--preset"));
  if (!target) {
    throw_usage(target.error());
  }
  query.target = std::move(*target);
  query.curve.basis = basis_flag(flags.basis);
  query.curve.metric = metric_flag(flags.metric);
  auto store = open_database(options);
  require_stored_names(*store, query.filter);
  const app::ServiceLevelResult result = app::answer_service_level(*store, query);
  const OutputFormat format = options.format();
  if (format == OutputFormat::json) {
    fmt::print("{}\n", app::service_level_json(query.target, result.answers).dump(2));
  } else if (format == OutputFormat::csv) {
    fmt::print("{}", app::service_level_csv(query.target, result.answers));
  } else {
    fmt::print("{}", service_level_text(query.target, result.answers));
  }
}

}  // namespace

void
add_slo_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<ServiceLevelFlags>();
  CLI::App* command = app.add_subcommand(
    "slo", "Each configuration's best operating point under a service-level target, and the limit that binds it");
  add_filter_options(*command, flags->filters, ModelFlag::required);
  command->add_option("--slo", flags->slo,
                      "Limits, comma-separated: interactivity>=N (tok/s/user; interactivity_p90 or _median for one "
                      "statistic) and LATENCY<=D (ttft_p99<=2s, e2el_p90<=30s; s or ms)");
  command->add_option("--preset,--slo-preset", flags->preset, slo_preset_help());
  command->add_option("--basis", flags->basis, basis_help("For interactivity limits. "));
  command->add_option("--metric", flags->metric, "Throughput: total, input or output")->capture_default_str();
  command->callback([&options, flags] { run_service_level(options, *flags); });
}

}  // namespace infertrack::cli
