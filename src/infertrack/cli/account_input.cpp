#include "infertrack/cli/account_input.hpp"

#include "infertrack/cli/command_context.hpp"

#include <fmt/core.h>
#include <termios.h>
#include <unistd.h>

#include <iostream>
#include <map>

namespace infertrack::cli {
namespace {

// Turns terminal echo off for its lifetime, so a typed password is not shown, and restores it after.
class EchoOff
{
public:
  EchoOff()
  {
    if (tcgetattr(STDIN_FILENO, &m_saved) == 0) {
      termios quiet = m_saved;
      quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
      m_active = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0;
    }
  }
  ~EchoOff()
  {
    if (m_active) {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &m_saved);
    }
  }
  EchoOff(const EchoOff&) = delete;
  EchoOff& operator=(const EchoOff&) = delete;

private:
  termios m_saved{};
  bool m_active = false;
};

// One line of standard input without its ending ("\n" or "\r\n"); false at end of input before any line.
bool
read_line(std::string& line)
{
  if (!std::getline(std::cin, line)) {
    // A last line without "\n" still counts.
    return !line.empty();
  }
  if (line.ends_with('\r')) {
    line.pop_back();
  }
  return true;
}

std::string
prompt_hidden(const char* prompt)
{
  fmt::print(stderr, "{}", prompt);
  std::fflush(stderr);
  std::string line;
  bool got = false;
  {
    const EchoOff echo_off;
    got = read_line(line);
  }
  // The Enter the user typed was not echoed either.
  fmt::print(stderr, "\n");
  if (!got) {
    throw DataError("password: no password was entered");
  }
  return line;
}

}  // namespace

std::string
read_new_password()
{
  if (isatty(STDIN_FILENO) == 0) {
    std::string line;
    if (!read_line(line)) {
      throw DataError("password: expected the password on the first line of standard input (got nothing)");
    }
    return line;
  }
  std::string first = prompt_hidden("New password: ");
  const std::string second = prompt_hidden("Same password again: ");
  if (first != second) {
    throw DataError("password: the two entries differ (nothing was changed)");
  }
  return first;
}

void
add_password_hash_cost_option(CLI::App& command, security::HashCost& cost)
{
  // By name only, in serve and user alike (a number would pass CLI11's enum mapping).
  command
    .add_option_function<std::string>(
      "--password-hash-cost",
      [&cost](const std::string& name) {
        cost = name == "minimum" ? security::HashCost::minimum : security::HashCost::interactive;
      },
      "argon2id limits for new password hashes; 'minimum' is for tests and benchmarks only")
    ->check(CLI::IsMember({"interactive", "minimum"}))
    ->default_str("interactive");
}

void
throw_refusal(const app::Refusal& refusal)
{
  // The account layer names form fields; the command line shows the flag that carried each one.
  static const std::map<std::string, std::string, std::less<>> k_cli_fields = {
    {"email", "--email"},
    {"display_name", "--name"},
  };
  const auto flag = k_cli_fields.find(refusal.field);
  const std::string field = flag != k_cli_fields.end() ? flag->second : refusal.field;
  const std::string text = field.empty() ? refusal.message : field + ": " + refusal.message;
  if (refusal.kind == app::RefusalKind::not_found) {
    throw UsageError(text);
  }
  throw DataError(text);
}

}  // namespace infertrack::cli
