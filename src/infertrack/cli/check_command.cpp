#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/cli/listing.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>

namespace infertrack::cli {
namespace {

void
run_check(const GlobalOptions& options)
{
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const std::vector<domain::DataFinding> findings = store->findings(std::nullopt);
  const std::vector<store::DatasetNote> notes = store->dataset_notes();
  if (format == OutputFormat::json) {
    nlohmann::json json = {{"findings", nlohmann::json::array()}, {"dataset_notes", nlohmann::json::array()}};
    for (const domain::DataFinding& finding : findings) {
      json["findings"].push_back(app::to_json(finding));
    }
    for (const store::DatasetNote& note : notes) {
      json["dataset_notes"].push_back({{"source", note.source}, {"text", note.text}});
    }
    fmt::print("{}\n", json.dump(2));
    return;
  }
  Listing listing({{"result_id", "result_id"}, {"finding", "kind"}, {"detail", "detail"}, {"", "source"}});
  for (const domain::DataFinding& finding : findings) {
    listing.add_row({Listing::text(finding.result_id),
                     Listing::plain(domain::to_string(finding.kind)),
                     Listing::text(finding.detail),
                     Listing::plain("")});
  }
  if (format == OutputFormat::csv) {
    // One table: the datasets' caveats follow the findings as rows of kind dataset_note, with their source.
    for (const store::DatasetNote& note : notes) {
      listing.add_row({Listing::plain(""), Listing::plain("dataset_note"), Listing::text(note.text),
                       Listing::text(note.source)});
    }
    fmt::print("{}", listing.csv());
    return;
  }
  fmt::print("{}{} finding(s)\n\nDataset caveats:\n", listing.table(), findings.size());
  for (const store::DatasetNote& note : notes) {
    fmt::print("  - {} ({})\n", util::printable_text(note.text), util::printable_text(note.source));
  }
}

}  // namespace

void
add_check_command(CLI::App& app, const GlobalOptions& options)
{
  CLI::App* command =
    app.add_subcommand("check", "List data-quality findings and the datasets' own caveats");
  command->callback([&options] { run_check(options); });
}

}  // namespace infertrack::cli
