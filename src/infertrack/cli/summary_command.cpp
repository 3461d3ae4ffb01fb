#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/report_text.hpp"

#include "infertrack/app/interpolation_query.hpp"
#include "infertrack/app/json_views.hpp"
#include "infertrack/app/plan_query.hpp"

#include <fmt/core.h>

#include <set>

namespace infertrack::cli {
namespace {

constexpr double k_summary_target = 100;          // tok/s/user: the tracker's headline interactivity
constexpr const char* k_summary_preset = "fireworks"; // 40T/day, a disclosed floor

void
run_summary(const GlobalOptions& options)
{
  const OutputFormat format = options.format();
  if (format == OutputFormat::csv) {
    throw UsageError("--csv: the summary has several tables; use --json, or a subcommand with --csv");
  }
  auto store = open_database(options);
  const std::vector<domain::HeadlineComparison> headlines = app::headline_comparisons(*store);
  std::set<std::string> models;
  for (const domain::HeadlineComparison& comparison : headlines) {
    models.insert(comparison.published.model);
  }
  nlohmann::json json = {{"headlines", nlohmann::json::array()}, {"plans", nlohmann::json::array()}};
  std::string text = headline_text(headlines);
  for (const std::string& model : models) {
    app::PlanQuery query;
    query.at = k_summary_target;
    query.filter.model = model;
    query.preset = k_summary_preset;
    auto answers = app::plan(*store, query);
    if (!answers) {
      throw_usage(answers.error());
    }
    text += fmt::format("\nPlan for {} at {:g} tok/s/user, preset {}\n{}",
                        model,
                        k_summary_target,
                        k_summary_preset,
                        plan_text(*answers));
    for (const app::PlanAnswer& answer : *answers) {
      json["plans"].push_back(app::to_json(answer));
    }
  }
  for (const domain::HeadlineComparison& comparison : headlines) {
    json["headlines"].push_back(app::to_json(comparison));
  }
  fmt::print("{}\n", format == OutputFormat::json ? json.dump(2) : text);
}

}  // namespace

void
add_summary_command(CLI::App& app, const GlobalOptions& options)
{
  app.add_subcommand("summary",
                     "Headlines at 100 tok/s/user (published beside computed) and a plan for 40T tokens/day")
    ->callback([&options] { run_summary(options); });
}

}  // namespace infertrack::cli
