#include "infertrack/cli/run.hpp"

#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/tracker_version.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/store/store.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <optional>
#include <string_view>
#include <system_error>

namespace infertrack::cli {
namespace {

CLI::App*
subcommand_named(CLI::App& command, std::string_view name)
{
  for (CLI::App* subcommand : command.get_subcommands({})) {
    if (subcommand->get_name() == name) {
      return subcommand;
    }
  }
  return nullptr;
}

// CLI11 reports a mistyped subcommand as "a subcommand is required"; name the word instead.
void
reject_unknown_command(CLI::App& app, int argc, char** argv)
{
  // The app, then (for a command that must have one, as `user`) the command whose subcommand comes next.
  CLI::App* parent = &app;
  std::string path = "infertrack";
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--db") {
      ++i; // its value
      continue;
    }
    if (arg.starts_with("-")) {
      continue;
    }
    CLI::App* found = subcommand_named(*parent, arg);
    if (found == nullptr) {
      throw UsageError(fmt::format("unknown command '{}' (run {} --help)", arg, path));
    }
    path += " " + found->get_name();
    if (found->get_require_subcommand_min() == 0) {
      // A command whose subcommands are optional and that takes no other word (`points` and `points show`): a
      // word right after it can only be a mistyped subcommand.
      const bool takes_words = !found->get_options([](const CLI::Option* option) {
                                       return option->get_positional();
                                     }).empty();
      if (i + 1 < argc && !std::string_view(argv[i + 1]).starts_with("-") && !takes_words &&
          !found->get_subcommands({}).empty() && subcommand_named(*found, argv[i + 1]) == nullptr) {
        throw UsageError(fmt::format("unknown command '{}' (run {} --help)", argv[i + 1], path));
      }
      return;
    }
    parent = found;
  }
}

// Writes `line` to standard error without throwing: fmt::print throws when the stream fails, and a closed standard
// error (`2>&1 | head`) has no one left to tell.
void
tell(const std::string& line)
{
  std::fputs(line.c_str(), stderr);
}

// Flushes what the command printed: an answer that could not be written (a full disk, a closed pipe) is a
// failure, not an empty file and exit 0.
int
finish_output()
{
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int flush_error = errno;
  std::cout.flush();
  if (!flushed || std::ferror(stdout) != 0 || !std::cout) {
    // errno names the cause only when this flush failed; an earlier failed write left just the stream's error flag.
    const int error = flushed ? 0 : flush_error;
    tell(fmt::format("infertrack: cannot write the output{}\n",
                     error != 0 ? fmt::format(" ({})", std::strerror(error)) : std::string()));
    return k_exit_failure;
  }
  return k_exit_ok;
}

// Why `text` is not a finite decimal number (a decimal integer when `integer`), one leading '+' allowed; nothing
// when it is one. Read as the input files' numbers are (formats::parse_number, parse_integer).
std::optional<std::string>
number_problem(std::string_view text, bool integer)
{
  const std::string got = " (got '" + std::string(text) + "')";
  const std::string expected = integer ? "expected a whole number" : "expected a decimal number";
  if (text.starts_with('+')) {
    text.remove_prefix(1);
    if (text.starts_with('-')) {
      return expected + got;
    }
  }
  bool out_of_range = false;
  const bool read = integer ? formats::parse_integer(text, &out_of_range).has_value()
                            : formats::parse_number(text, &out_of_range).has_value();
  if (read) {
    return std::nullopt;
  }
  if (out_of_range && !integer) {
    return "number out of range (got '" + std::string(text) + "', expected a decimal number up to 1e18)";
  }
  return (out_of_range ? "number out of range" : expected) + got;
}

// CLI11 reads numbers as strtod does, which takes "0x10" as 16 and "" as 0: a number flag takes decimal text only.
// And no option takes another option as its value.
void
check_option_values(CLI::App& app)
{
  const auto validator = [](bool integer) {
    return CLI::Validator(
      [integer](std::string& text) -> std::string { return number_problem(text, integer).value_or(""); },
      "");
  };
  static const CLI::Validator k_number = validator(false);
  static const CLI::Validator k_integer = validator(true);
  // CLI11 takes whatever follows an option as its value: `--run-url --quiet` stored the URL "--quiet", and
  // `--model --db x.db` made "--db" the model and x.db a stray argument.
  static const CLI::Validator k_not_an_option(
    [](std::string& text) -> std::string {
      return text.starts_with("--") && text.size() > 2
               ? "needs a value (got the option '" + text + "'; a value that begins with -- cannot be given)"
               : "";
    },
    "");
  for (CLI::Option* option : app.get_options()) {
    // Not on positionals: after `--`, an argument that begins with -- is a file name.
    if (option->get_type_size() != 0 && option->nonpositional()) {
      option->check(k_not_an_option);
    }
    // The type name gains the descriptions of any validators: only its start names the type.
    const std::string type = option->get_type_name();
    if (type.starts_with("FLOAT")) {
      option->check(k_number);
    } else if (type.starts_with("INT") || type.starts_with("UINT")) {
      option->check(k_integer);
    }
  }
  for (CLI::App* command : app.get_subcommands({})) {
    check_option_values(*command);
  }
}

}  // namespace

int
run(int argc, char** argv)
{
  // A reader that closes the pipe early (`| head`) makes the next write fail with EPIPE, which finish_output
  // reports with exit 1, rather than kill the process silently (exit 141).
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{"InferTrack: LLM inference performance, frontiers and capacity (DeepSeek V4 first)",
               "infertrack"};
  app.set_version_flag("--version", "infertrack " + std::string(app::k_tracker_version));
  app.require_subcommand(1);
  app.footer("Exit codes: 0 ok, 1 storage or I/O failure, 2 usage error, 3 input refused (an input file that is"
             " malformed or cannot be read, or account details refused).");
  // Subcommands hand options they do not know to the app, so global options may come after them.
  app.fallthrough();

  GlobalOptions options;
  app.add_option("--db", options.db, "SQLite database file (default: $INFERTRACK_DB, else ./infertrack.db)");
  app.add_flag("--json", options.json, "Print JSON instead of a table");
  app.add_flag("--csv", options.csv, "Print CSV instead of a table");

  add_summary_command(app, options);
  add_ingest_command(app, options);
  add_points_command(app, options);
  add_check_command(app, options);
  add_interpolate_command(app, options);
  add_evals_command(app, options);
  add_glance_command(app, options);
  add_compare_command(app, options);
  add_history_command(app, options);
  add_changes_command(app, options);
  add_plan_command(app, options);
  add_slo_command(app, options);
  add_reference_commands(app, options);
  add_serve_command(app, options);
  add_user_command(app, options);
  add_limits_command(app, options);
  add_audit_command(app, options);
  add_export_command(app, options);
  add_copy_command(app, options);
  check_option_values(app);
  for (CLI::App* command : app.get_subcommands({})) {
    // The global options are the app's, so a subcommand's own help would not list them: each says those it takes
    // (export writes its own --format, summary has no CSV, serve prints no answer), and so do its own subcommands.
    const std::string& name = command->get_name();
    const std::string taken = name == "export" || name == "serve" ? "Global option: --db PATH"
                              : name == "summary"                 ? "Global options: --db PATH, --json"
                              : name == "copy"                    ? "Global options: --json, --csv"
                                                                  : "Global options: --db PATH, --json, --csv";
    const std::string footer = taken + " (see infertrack --help, which lists the exit codes).";
    command->footer(footer);
    for (CLI::App* nested : command->get_subcommands({})) {
      nested->footer(footer);
    }
  }

  try {
    reject_unknown_command(app, argc, argv);
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // CLI11 prints help and version itself, with exit code 0; everything else is a usage error, said as the
    // command's other errors are.
    if (error.get_exit_code() == 0) {
      app.exit(error);
      return k_exit_ok;
    }
    tell(fmt::format("infertrack: {}\nRun with --help for more information.\n", error.what()));
    return k_exit_usage;
  } catch (const UsageError& error) {
    tell(fmt::format("infertrack: {}\n", error.what()));
    return k_exit_usage;
  } catch (const DataError& error) {
    tell(fmt::format("infertrack: {}\n", error.what()));
    return k_exit_bad_data;
  } catch (const store::StoreError& error) {
    tell(fmt::format("infertrack: database error: {}\n", error.what()));
    return k_exit_failure;
  } catch (const std::system_error& error) {
    // An answer written with fmt::print to a pipe closed early: said as finish_output says it.
    tell(error.code().value() == EPIPE
           ? fmt::format("infertrack: cannot write the output ({})\n", std::strerror(EPIPE))
           : fmt::format("infertrack: {}\n", error.what()));
    return k_exit_failure;
  } catch (const std::exception& error) {
    tell(fmt::format("infertrack: {}\n", error.what()));
    return k_exit_failure;
  }
  return finish_output();
}

}  // namespace infertrack::cli
