#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/listing.hpp"
#include "infertrack/domain/efficiency.hpp"
#include "infertrack/util/ascii_text.hpp"
#include "infertrack/util/csv_field.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

namespace infertrack::cli {
namespace {

using Align = util::TextTable::Align;

// CSV only: people read the presets as notes (print_presets), too long for table cells.
std::vector<Listing::Column>
preset_columns()
{
  return {{"", "key"}, {"", "label"}, {"", "tokens_per_day"}, {"", "note"}, {"", "source_url"}};
}

std::vector<Listing::Cell>
preset_cells(const domain::DemandPreset& preset)
{
  return {Listing::text(preset.key),
          Listing::text(preset.label),
          Listing::plain(preset.tokens_per_day ? fmt::format("{}", *preset.tokens_per_day) : ""),
          Listing::text(preset.note),
          Listing::text(preset.source_url.value_or(""))};
}

std::vector<Listing::Column>
hardware_columns()
{
  return {{"hardware", "hardware"},
          {"name", "name"},
          {"gpus/rack", "gpus_per_rack", Align::right},
          {"$/GPU-hr", "cost_per_gpu_hour", Align::right},
          {"kW/GPU all-in", "kw_per_gpu", Align::right},
          {"as of", "effective_date"},
          {"source", "source_url"}};
}

// The table rounds to cents and says "-" for an unknown; the CSV keeps every digit and leaves the field empty.
std::vector<Listing::Cell>
hardware_cells(const domain::HardwareCost& cost)
{
  const std::string gpus_per_rack = cost.gpus_per_rack ? std::to_string(*cost.gpus_per_rack) : "";
  return {Listing::text(cost.hardware),
          Listing::text(cost.name),
          {gpus_per_rack.empty() ? "-" : gpus_per_rack, gpus_per_rack},
          {fmt::format("{:.2f}", cost.cost_per_gpu_hour), fmt::format("{}", cost.cost_per_gpu_hour)},
          {fmt::format("{:.2f}", cost.kw_per_gpu), fmt::format("{}", cost.kw_per_gpu)},
          Listing::plain(cost.effective_date),
          {cost.source_url.value_or("-"), util::csv_field(cost.source_url.value_or(""))}};
}

void
print_presets(const GlobalOptions& options)
{
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const std::vector<domain::DemandPreset> presets = store->presets();
  if (format != OutputFormat::table) {
    fmt::print("{}", listing_text(format, preset_columns(), presets, preset_cells,
                                  [](const domain::DemandPreset& preset) { return app::to_json(preset); }));
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
  if (format == OutputFormat::table && costs.empty() && as_of) {
    const auto first = std::min_element(stored.begin(), stored.end(), [](const auto& a, const auto& b) {
      return a.effective_date < b.effective_date;
    });
    fmt::print("No cost figures were in force on {}{}.\n", *as_of,
               first == stored.end() ? "" : " (the first take effect on " + first->effective_date + ")");
    return;
  }
  fmt::print("{}", listing_text(format, hardware_columns(), costs, hardware_cells,
                                [](const domain::HardwareCost& cost) { return app::to_json(cost); }));
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
