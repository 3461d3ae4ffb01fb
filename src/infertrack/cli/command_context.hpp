#pragma once

#include "infertrack/store/store.hpp"
#include "infertrack/util/diagnostic.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace infertrack::cli {

enum class OutputFormat
{
  table,
  json,
  csv,
};

// Options every subcommand accepts, before or after its own arguments.
struct GlobalOptions
{
  std::string db; // empty: app::default_database_path()
  bool json = false;
  bool csv = false;

  OutputFormat format() const;
};

// A command line that asks for something impossible: exit code 2.
class UsageError : public std::runtime_error
{
public:
  using std::runtime_error::runtime_error;
};

// Input data that was refused: exit code 3.
class DataError : public std::runtime_error
{
public:
  using std::runtime_error::runtime_error;
};

// A query diagnostic whose field is a flag, as a UsageError: "--preset: unknown preset 'x' (...)".
[[noreturn]] void throw_usage(const util::Diagnostic& diagnostic);

// Opens the database named by the global options (loading the bundled dataset into an empty one).
std::unique_ptr<store::Store> open_database(const GlobalOptions& options);
// The database file the command uses: --db, else app::default_database_path().
std::filesystem::path database_path(const GlobalOptions& options);

// Each subcommand registers itself on `app`; its callback prints to stdout and throws on failure.
void add_ingest_command(CLI::App& app, const GlobalOptions& options);
void add_points_command(CLI::App& app, const GlobalOptions& options);
void add_check_command(CLI::App& app, const GlobalOptions& options);
void add_interpolate_command(CLI::App& app, const GlobalOptions& options);
void add_evals_command(CLI::App& app, const GlobalOptions& options); // accuracy scores beside throughput
void add_glance_command(CLI::App& app, const GlobalOptions& options);
void add_compare_command(CLI::App& app, const GlobalOptions& options); // two runs side by side
void add_history_command(CLI::App& app, const GlobalOptions& options);
void add_changes_command(CLI::App& app, const GlobalOptions& options); // changes between runs
void add_plan_command(CLI::App& app, const GlobalOptions& options);
void add_slo_command(CLI::App& app, const GlobalOptions& options);
void add_reference_commands(CLI::App& app, const GlobalOptions& options); // presets, hardware
void add_summary_command(CLI::App& app, const GlobalOptions& options);
void add_serve_command(CLI::App& app, const GlobalOptions& options);
void add_user_command(CLI::App& app, const GlobalOptions& options);   // user add, reset-password, set-admin, list
void add_limits_command(CLI::App& app, const GlobalOptions& options); // limits, limits set
void add_audit_command(CLI::App& app, const GlobalOptions& options);
void add_export_command(CLI::App& app, const GlobalOptions& options);
void add_copy_command(CLI::App& app, const GlobalOptions& options);   // copy --from DB --to DB

}  // namespace infertrack::cli
