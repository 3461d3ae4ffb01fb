#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/ingest/input_files.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <memory>

namespace infertrack::cli {
namespace {

struct IngestFlags
{
  std::vector<std::filesystem::path> files;
  std::optional<std::string> date;
  std::optional<std::string> run_url;
  bool quiet = false;

  // The run's date and URL for rows that lack them; throws UsageError for a malformed value.
  formats::RunDefaults run_defaults() const
  {
    formats::RunDefaults defaults;
    // A run's date, as the files' own dates are checked.
    if (date) {
      if (auto problem = formats::date_problem(*date)) {
        throw UsageError("--date: " + *problem);
      }
      defaults.date = date;
    }
    if (run_url) {
      const std::string_view url = util::trim(*run_url);
      if (url.empty()) {
        throw UsageError("--run-url: expected the URL of the run (got an empty value)");
      }
      defaults.run_url = std::string(url);
    }
    return defaults;
  }
};

// A one-line bar redrawn in place; only when stderr is a terminal, so logs and pipes stay clean.
void
show_progress(std::size_t done, std::size_t total)
{
  constexpr std::size_t k_width = 30;
  const std::size_t filled = total ? done * k_width / total : k_width;
  fmt::print(stderr,
             "\rreading [{}{}] {}/{} files",
             std::string(filled, '#'),
             std::string(k_width - filled, ' '),
             done,
             total);
  if (done == total) {
    // Files are stored while the next are read: what was read last is still going in.
    fmt::print(stderr, "\nstoring the rest and checking the runs...\n");
  }
}

void
run_ingest(const GlobalOptions& options, const IngestFlags& flags)
{
  const OutputFormat format = options.format();
  const bool progress = !flags.quiet && isatty(STDERR_FILENO);
  const formats::RunDefaults defaults = flags.run_defaults();
  if (std::count(flags.files.begin(), flags.files.end(), app::k_standard_input) > 1) {
    throw UsageError("files: - (standard input) is given more than once; it can be read only once");
  }
  // Opened once the first file is read: a wrong path leaves no new database behind.
  std::unique_ptr<store::Store> store;
  const auto open_store = [&]() -> store::Store& {
    store = open_database(options);
    return *store;
  };
  auto ingested = [&] {
    try {
      return app::ingest_files(
        open_store, flags.files, defaults, progress ? app::ReadProgress(show_progress) : app::ReadProgress());
    } catch (const store::StoreFull& full) {
      // A full disk fails the one transaction, which rolls back: said, since "failed" alone leaves the user to wonder.
      throw store::StoreFull(std::string(full.what()) + "; nothing was stored");
    }
  }();
  if (!ingested) {
    throw DataError(ingested.error().to_string() + " (nothing was stored)");
  }
  const store::IngestSummary& summary = ingested->summary;
  if (format == OutputFormat::json) {
    fmt::print("{}\n",
               nlohmann::json{{"files", ingested->files},
                              {"points_added", summary.points_added},
                              {"points_unchanged", summary.points_unchanged},
                              {"findings_added", summary.findings_added},
                              {"other_records_added", summary.other_records_added},
                              {"evals_added", summary.evals_added},
                              {"evals_unchanged", summary.evals_unchanged}}
                 .dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("files,points_added,points_unchanged,findings_added,other_records_added\n{},{},{},{},{}\n",
               ingested->files, summary.points_added, summary.points_unchanged, summary.findings_added,
               summary.other_records_added);
    return;
  }
  fmt::print("ingested {} file(s): {} point(s) added, {} already stored, {} finding(s), {} other record(s)",
             ingested->files,
             summary.points_added,
             summary.points_unchanged,
             summary.findings_added,
             summary.other_records_added);
  // Only an ingest that brought accuracy scores says so: the line stays as it was for every other file.
  if (summary.evals_added + summary.evals_unchanged > 0) {
    fmt::print(", {} evaluation result(s) added, {} already stored", summary.evals_added, summary.evals_unchanged);
  }
  fmt::print("\n");
}

}  // namespace

void
add_ingest_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<IngestFlags>();
  CLI::App* command = app.add_subcommand(
    "ingest", "Store benchmark points from files, directories or zip archives of them, all or nothing");
  command
    ->add_option(
      "files", flags->files,
      "Files, directories or zip archives of them (- for standard input); formats are detected from the content")
    ->required();
  command->add_option("--date",
                      flags->date,
                      "The run's date (YYYY-MM-DD) for InferenceX runner rows that carry none (the runner writes "
                      "none); a row's own date wins. Other formats carry their own dates and ignore it");
  command->add_option("--run-url",
                      flags->run_url,
                      "The run's URL for InferenceX runner rows that carry none; a row's own run_url wins. Other "
                      "formats ignore it");
  command->add_flag("--quiet", flags->quiet, "No progress display");
  command->callback([&options, flags] { run_ingest(options, *flags); });
}

}  // namespace infertrack::cli
