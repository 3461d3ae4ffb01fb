#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/json_views.hpp"
#include "infertrack/util/csv_field.hpp"
#include "infertrack/util/text_table.hpp"

#include <fmt/core.h>

namespace infertrack::cli {
namespace {

void
print_presets(const GlobalOptions& options)
{
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const std::vector<domain::DemandPreset> presets = store->presets();
  if (format == OutputFormat::json) {
    nlohmann::json list = nlohmann::json::array();
    for (const domain::DemandPreset& preset : presets) {
      list.push_back(app::to_json(preset));
    }
    fmt::print("{}\n", list.dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("key,label,tokens_per_day,note,source_url\n");
    for (const domain::DemandPreset& preset : presets) {
      fmt::print("{},{},{},{},{}\n",
                 util::csv_field(preset.key),
                 util::csv_field(preset.label),
                 preset.tokens_per_day ? fmt::format("{}", *preset.tokens_per_day) : "",
                 util::csv_field(preset.note),
                 util::csv_field(preset.source_url.value_or("")));
    }
    return;
  }
  for (const domain::DemandPreset& preset : presets) {
    fmt::print("{:<20} {}\n{:<20} {}\n", preset.key, preset.label, "", preset.note);
    if (preset.source_url) {
      fmt::print("{:<20} source: {}\n", "", *preset.source_url);
    }
  }
  fmt::print("\nPresets come from overlapping disclosures: compare them, never add them up.\n");
}

void
print_hardware(const GlobalOptions& options)
{
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const std::vector<domain::HardwareCost> costs = store->hardware();
  if (format == OutputFormat::json) {
    nlohmann::json list = nlohmann::json::array();
    for (const domain::HardwareCost& cost : costs) {
      list.push_back(app::to_json(cost));
    }
    fmt::print("{}\n", list.dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("hardware,name,gpus_per_rack,cost_per_gpu_hour,kw_per_gpu,effective_date,source_url\n");
    for (const domain::HardwareCost& cost : costs) {
      fmt::print("{},{},{},{},{},{},{}\n",
                 util::csv_field(cost.hardware),
                 util::csv_field(cost.name),
                 cost.gpus_per_rack,
                 cost.cost_per_gpu_hour,
                 cost.kw_per_gpu,
                 cost.effective_date,
                 util::csv_field(cost.source_url.value_or("")));
    }
    return;
  }
  util::TextTable table({{"hardware"},
                         {"name"},
                         {"gpus/rack", util::TextTable::Align::right},
                         {"$/GPU-hr", util::TextTable::Align::right},
                         {"kW/GPU all-in", util::TextTable::Align::right},
                         {"as of"},
                         {"source"}});
  for (const domain::HardwareCost& cost : costs) {
    table.add_row({cost.hardware,
                   cost.name,
                   std::to_string(cost.gpus_per_rack),
                   fmt::format("{:.2f}", cost.cost_per_gpu_hour),
                   fmt::format("{:.2f}", cost.kw_per_gpu),
                   cost.effective_date,
                   cost.source_url.value_or("-")});
  }
  fmt::print("{}", table.render());
}

}  // namespace

void
add_reference_commands(CLI::App& app, const GlobalOptions& options)
{
  app.add_subcommand("presets", "List the demand presets the planner offers, with notes and sources")
    ->callback([&options] { print_presets(options); });
  app.add_subcommand("hardware", "List the dated cost and power figures the planner uses, with sources")
    ->callback([&options] { print_hardware(options); });
}

}  // namespace infertrack::cli
