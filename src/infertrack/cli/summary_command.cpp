#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/report_text.hpp"

#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/plan_query.hpp"

#include <fmt/core.h>

#include <memory>
#include <optional>
#include <set>

namespace infertrack::cli {
namespace {

constexpr double k_summary_target = 100;          // tok/s/user: the tracker's headline interactivity
constexpr const char* k_summary_preset = "fireworks"; // 40T/day, a disclosed floor

void
run_summary(const GlobalOptions& options, const std::optional<std::string>& as_of_flag)
{
  const OutputFormat format = options.format();
  if (format == OutputFormat::csv) {
    throw UsageError("--csv: the summary has several tables; use --json, or a subcommand with --csv");
  }
  const std::optional<std::string> as_of = checked_date(as_of_flag, "--as-of");
  auto store = open_database(options);
  std::vector<domain::HeadlineComparison> headlines = app::headline_comparisons(*store);
  std::set<std::string> models;
  for (const domain::HeadlineComparison& comparison : headlines) {
    models.insert(comparison.published.model);
  }
  // A headline is about its brackets' run: on a date before that run, the tracker had nothing to compare it with.
  std::erase_if(headlines, [&](const domain::HeadlineComparison& comparison) {
    return as_of && comparison.run_date && *comparison.run_date > *as_of;
  });
  nlohmann::json json = {{"headlines", nlohmann::json::array()}, {"plans", nlohmann::json::array()}};
  if (as_of) {
    json["as_of"] = *as_of;
  }
  std::string text = as_of ? fmt::format("As of {}\n", *as_of) : std::string();
  text += as_of && headlines.empty()
            ? fmt::format("No published headline is about a run measured on or before {}.\n", *as_of)
            : headline_text(headlines);
  for (const std::string& model : models) {
    app::PlanQuery query;
    query.at = k_summary_target;
    query.filter.model = model;
    query.filter.as_of = as_of;
    query.preset = k_summary_preset;
    if (as_of && store->points_page(query.filter, std::nullopt, 1).empty()) { // one point is enough to tell
      text += fmt::format("\nNo plan for {}: none of its points was measured on or before {}\n", model, *as_of);
      continue;
    }
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
  CLI::App* command = app.add_subcommand(
    "summary", "Headlines at 100 tok/s/user (published beside computed) and a plan for 40T tokens/day");
  auto as_of = std::make_shared<std::optional<std::string>>();
  command->add_option("--as-of", *as_of,
                      "The tracker as it stood on this date (YYYY-MM-DD): headlines about later runs are left out");
  command->callback([&options, as_of] { run_summary(options, *as_of); });
}

}  // namespace infertrack::cli
