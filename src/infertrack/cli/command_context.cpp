#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/tracker_database.hpp"

#include <algorithm>

namespace infertrack::cli {

OutputFormat
GlobalOptions::format() const
{
  if (json && csv) {
    throw UsageError("--json and --csv: choose one output format");
  }
  return json ? OutputFormat::json : csv ? OutputFormat::csv : OutputFormat::table;
}

void
throw_usage(const util::Diagnostic& diagnostic)
{
  // The app names fields as the API's parameters (spec_method); the flag is --spec-method.
  std::string flag = diagnostic.field;
  std::replace(flag.begin(), flag.end(), '_', '-');
  throw UsageError(flag.empty() ? diagnostic.message : "--" + flag + ": " + diagnostic.message);
}

std::filesystem::path
database_path(const GlobalOptions& options)
{
  return options.db.empty() ? app::default_database_path() : std::filesystem::path(options.db);
}

std::unique_ptr<store::Store>
open_database(const GlobalOptions& options)
{
  return app::open_tracker(database_path(options));
}

}  // namespace infertrack::cli
