#include "infertrack/cli/command_context.hpp"

#include "infertrack/cli/listing.hpp"
#include "infertrack/store/database_copy.hpp"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <stdexcept>

namespace infertrack::cli {
namespace {

struct CopyFlags
{
  std::string from;
  std::string to;
};

nlohmann::json
report_json(const store::CopyReport& report)
{
  nlohmann::json tables = nlohmann::json::array();
  for (const store::CopiedTable& table : report.tables) {
    tables.push_back({{"table", table.table}, {"rows", table.rows}, {"checksum", table.checksum}});
  }
  return {{"from", report.from},
          {"to", report.to},
          {"schema_version", report.schema_version},
          {"verified", true},
          {"tables", std::move(tables)}};
}

void
run_copy(const GlobalOptions& options, const CopyFlags& flags)
{
  if (!options.db.empty()) {
    throw UsageError("--db: copy names its databases with --from and --to");
  }
  const OutputFormat format = options.format();
  if (flags.from.empty() || flags.to.empty()) {
    throw UsageError(flags.from.empty() ? "--from: expected a database (a SQLite file or a postgresql:// URL)"
                                        : "--to: expected a database (a SQLite file or a postgresql:// URL)");
  }
  const util::Result<store::CopyReport> copied = store::copy_database(flags.from, flags.to);
  if (!copied) {
    const util::Diagnostic& refused = copied.error();
    // A refusal is about the databases, not the command line: exit code 1, as a storage failure.
    throw std::runtime_error(refused.field.empty() ? refused.message : "--" + refused.field + ": " + refused.message);
  }
  const store::CopyReport& report = *copied;
  if (format == OutputFormat::json) {
    fmt::print("{}\n", report_json(report).dump(2));
    return;
  }
  constexpr auto k_right = util::TextTable::Align::right;
  Listing listing({{"table", "table"}, {"rows", "rows", k_right}, {"checksum (XXH3-128)", "checksum"}});
  std::int64_t rows = 0;
  for (const store::CopiedTable& table : report.tables) {
    listing.add_row({Listing::plain(table.table), Listing::plain(std::to_string(table.rows)),
                     Listing::plain(table.checksum)});
    rows += table.rows;
  }
  if (format == OutputFormat::csv) {
    fmt::print("{}", listing.csv());
    return;
  }
  fmt::print("{}", listing.table());
  fmt::print("copied {} rows of {} tables from {} to {} (schema version {}); the target's row counts and checksums "
             "match the source's\n",
             rows, report.tables.size(), report.from, report.to, report.schema_version);
}

}  // namespace

void
add_copy_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<CopyFlags>();
  CLI::App* copy = app.add_subcommand(
    "copy", "Copy a whole database (benchmark data, accounts, sessions, comments, audit log) into an empty one, "
            "SQLite or PostgreSQL either way, and verify it");
  copy->add_option("--from", flags->from, "The database to copy: a SQLite file or a postgresql:// URL")
    ->required()
    ->type_name("DB");
  copy->add_option("--to", flags->to,
                   "The empty database to copy into: a SQLite file (made when missing) or a postgresql:// URL")
    ->required()
    ->type_name("DB");
  copy->callback([&options, flags] { run_copy(options, *flags); });
}

}  // namespace infertrack::cli
