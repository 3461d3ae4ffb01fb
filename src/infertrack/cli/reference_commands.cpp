#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/json_views.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/domain/efficiency.hpp"
#include "infertrack/util/ascii_text.hpp"
#include "infertrack/util/csv_field.hpp"
#include "infertrack/util/text_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

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
    fmt::print("{:<20} {}\n{:<20} {}\n", util::printable_text(preset.key), util::printable_text(preset.label), "",
               util::printable_text(preset.note));
    if (preset.source_url) {
      fmt::print("{:<20} source: {}\n", "", util::printable_text(*preset.source_url));
    }
  }
  fmt::print("\nPresets come from overlapping disclosures: compare them, never add them up.\n");
}

// Every dated entry; with `as_of`, each hardware's entry in force that day (the one a plan on that date prices with).
void
print_hardware(const GlobalOptions& options, const std::optional<std::string>& as_of_text)
{
  const OutputFormat format = options.format();
  const std::optional<std::string> as_of = checked_date(as_of_text, "--as-of");
  auto store = open_database(options);
  const std::vector<domain::HardwareCost> stored = store->hardware();
  const std::vector<domain::HardwareCost> costs = as_of ? domain::costs_in_force(stored, *as_of) : stored;
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
                 cost.gpus_per_rack ? std::to_string(*cost.gpus_per_rack) : "",
                 cost.cost_per_gpu_hour,
                 cost.kw_per_gpu,
                 cost.effective_date,
                 util::csv_field(cost.source_url.value_or("")));
    }
    return;
  }
  if (costs.empty() && as_of) {
    const auto first = std::min_element(stored.begin(), stored.end(), [](const auto& a, const auto& b) {
      return a.effective_date < b.effective_date;
    });
    fmt::print("No cost figures were in force on {}{}.\n", *as_of,
               first == stored.end() ? "" : " (the first take effect on " + first->effective_date + ")");
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
                   cost.gpus_per_rack ? std::to_string(*cost.gpus_per_rack) : "-",
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
  CLI::App* hardware =
    app.add_subcommand("hardware", "List the dated cost and power figures the planner uses, with sources");
  auto as_of = std::make_shared<std::optional<std::string>>();
  hardware->add_option("--as-of", *as_of, "Only each hardware's figures in force on this date (YYYY-MM-DD)");
  hardware->callback([&options, as_of] { print_hardware(options, *as_of); });
}

}  // namespace infertrack::cli
