#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/point_findings.hpp"
#include "infertrack/cli/listing.hpp"
#include "infertrack/formats/points_csv.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <memory>

namespace infertrack::cli {
namespace {

using Align = util::TextTable::Align;

std::string
optional_number(const std::optional<double>& value, int decimals)
{
  return value ? util::group_thousands(*value, decimals) : "-";
}

std::string
gpu_layout(const domain::BenchmarkPoint& point)
{
  // The total leads: it is what throughput is divided by, and may exceed the two roles' sum (gpu_count_mismatch).
  if (point.disaggregated && point.prefill_gpus && point.decode_gpus) {
    return fmt::format("{} ({}P+{}D)", point.total_allocated_gpus, *point.prefill_gpus, *point.decode_gpus);
  }
  return std::to_string(point.total_allocated_gpus);
}

// The kinds of a point's findings, "-" for none: `points show ID` gives their details.
std::string
finding_kinds(std::span<const domain::DataFinding> findings)
{
  std::string kinds;
  for (const domain::DataFinding& finding : findings) {
    const std::string kind = domain::to_string(finding.kind);
    if (kinds.find(kind) == std::string::npos) {
      kinds += (kinds.empty() ? "" : ",") + kind;
    }
  }
  return kinds.empty() ? "-" : kinds;
}

// The table only: the CSV is the points file format (formats::write_points_csv), which reads back in.
std::vector<Listing::Column>
point_columns()
{
  return {{"result_id", ""},
          {"model", ""},
          {"hardware", ""},
          {"framework", ""},
          {"precision", ""},
          {"spec", ""},
          {"workload", ""},
          {"date", ""},
          {"conc", "", Align::right},
          {"gpus", "", Align::right},
          {"tok/s/gpu", "", Align::right},
          {"p90 tok/s/user", "", Align::right},
          {"median tok/s/user", "", Align::right},
          {"findings", ""}};
}

void
print_points(const GlobalOptions& options, const FilterFlags& flags)
{
  const OutputFormat format = options.format();
  const store::PointFilter filter = flags.to_filter();
  auto store = open_database(options);
  const std::vector<domain::BenchmarkPoint> points = store->points(filter);
  if (points.empty()) {
    require_stored_names(*store, filter); // an unknown name is a slip, as the other commands say
  }
  if (format == OutputFormat::csv) {
    fmt::print("{}", formats::write_points_csv(points));
    return;
  }
  const app::PointFindings findings(*store, points);
  const auto cells = [&](const domain::BenchmarkPoint& point) -> std::vector<Listing::Cell> {
    return {Listing::plain(point.result_id),
            Listing::plain(point.model),
            Listing::plain(point.hardware),
            Listing::plain(point.framework),
            Listing::plain(point.precision),
            Listing::plain(point.spec_method),
            Listing::plain(point.workload),
            Listing::plain(point.date),
            Listing::plain(std::to_string(point.concurrency)),
            Listing::plain(gpu_layout(point)),
            Listing::plain(optional_number(point.per_gpu_tps.total, 1)),
            Listing::plain(optional_number(point.interactivity_p90, 2)),
            Listing::plain(optional_number(point.interactivity_median, 2)),
            Listing::plain(finding_kinds(findings.of(point.result_id)))};
  };
  fmt::print("{}", listing_text(format, point_columns(), points, cells, [&](const domain::BenchmarkPoint& point) {
    return app::point_detail_json(point, findings.of(point.result_id));
  }));
  if (format == OutputFormat::table) {
    fmt::print("{} point(s)\n", points.size());
  }
}


void
show_point(const GlobalOptions& options, const std::string& result_id)
{
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const auto point = store->point(result_id);
  if (!point) {
    throw UsageError(fmt::format("no stored point has result id '{}'", result_id));
  }
  const std::vector<domain::DataFinding> findings = store->findings(result_id);
  const nlohmann::json detail = app::point_detail_json(*point, findings);
  if (format == OutputFormat::json) {
    fmt::print("{}\n", detail.dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("{}", formats::write_points_csv(std::span(&*point, 1)));
    return;
  }
  // Flatten the JSON view so that the text view shows every field the JSON has, in the same words.
  fmt::print("point {}\n", util::printable_text(point->result_id));
  const nlohmann::json flat = detail.flatten();
  const auto shown = [](const std::string& pointer) {
    return !pointer.starts_with("/notes") && !pointer.starts_with("/findings");
  };
  std::size_t key_width = 0; // the values line up after the longest name
  for (const auto& [pointer, value] : flat.items()) {
    key_width = shown(pointer) ? std::max(key_width, pointer.size() - 1) : key_width;
  }
  for (const auto& [pointer, value] : flat.items()) {
    if (shown(pointer)) {
      fmt::print("  {:<{}} {}\n", pointer.substr(1), key_width,
                 util::printable_text(value.is_string() ? value.get<std::string>() : value.dump()));
    }
  }
  fmt::print("notes\n");
  for (const domain::PointNote& note : point->notes) {
    fmt::print("  [{}] {}\n", util::printable_text(note.kind), util::printable_text(note.text));
  }
  fmt::print("findings\n");
  for (const domain::DataFinding& finding : findings) {
    fmt::print("  [{}] {}\n", domain::to_string(finding.kind), util::printable_text(finding.detail));
  }
}

}  // namespace

void
add_points_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<FilterFlags>();
  CLI::App* command = app.add_subcommand("points", "List stored benchmark points with their provenance");
  add_filter_options(*command, *flags);

  auto result_id = std::make_shared<std::string>();
  CLI::App* show = command->add_subcommand("show", "Print one point whole, with its notes and findings");
  show->add_option("result_id", *result_id, "The point's result id")->required();
  show->callback([&options, result_id, command] {
    // The listing's filters select nothing here: one given beside a result id is a mistake to say, not to pass over.
    for (const CLI::Option* option : command->get_options()) {
      if (option->count() > 0 && option->get_name() != "--help") {
        throw UsageError(option->get_name() + ": points show takes a result id alone (filters are for the listing)");
      }
    }
    show_point(options, *result_id);
  });

  command->callback([&options, flags, command] {
    if (command->get_subcommands().empty()) {
      print_points(options, *flags);
    }
  });
}

}  // namespace infertrack::cli
