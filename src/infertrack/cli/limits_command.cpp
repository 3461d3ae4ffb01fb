#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/community/community_json.hpp"
#include "infertrack/app/community/rate_limits.hpp"
#include "infertrack/cli/listing.hpp"
#include "infertrack/formats/field_checks.hpp"

#include <fmt/core.h>

#include <memory>
#include <optional>

namespace infertrack::cli {
namespace {

constexpr std::string_view k_command_line = "command line";

struct LimitFlags
{
  std::string name;
  // As typed: CLI11 would clamp a number too large for 64 bits, and the refusal would then quote another number.
  std::string max_events;
  std::string window_seconds;
};

// `text` as a whole number, or a UsageError naming `argument` and quoting the text as typed.
std::int64_t
whole_number(const std::string& text, std::string_view argument)
{
  bool too_large = false;
  const std::optional<std::int64_t> value = formats::parse_integer(text, &too_large);
  if (too_large) {
    throw UsageError(fmt::format("{}: too large (got {}, expected a whole number such as 60)", argument, text));
  }
  if (!value) {
    throw UsageError(fmt::format("{}: not a whole number (got \"{}\", expected a whole number such as 60)", argument, text));
  }
  return *value;
}

std::vector<Listing::Cell>
rule_cells(const store::RateLimitRule& rule)
{
  return {Listing::text(rule.name),
          Listing::plain(std::to_string(rule.max_events)),
          Listing::plain(std::to_string(rule.window_seconds))};
}

void
print_rules(const GlobalOptions& options, const std::vector<store::RateLimitRule>& rules)
{
  constexpr auto k_right = util::TextTable::Align::right;
  fmt::print("{}", listing_text(options.format(),
                                {{"rule", "name"}, {"max events", "max_events", k_right},
                                 {"window (s)", "window_seconds", k_right}},
                                rules, rule_cells,
                                [](const store::RateLimitRule& rule) { return app::to_json(rule); }));
}

void
print_limits(const GlobalOptions& options)
{
  auto store = open_database(options);
  print_rules(options, store->community().rate_limit_rules());
}

void
set_limit(const GlobalOptions& options, const LimitFlags& flags)
{
  auto store = open_database(options);
  store::CommunityStore& community = store->community();
  const store::RateLimitRule rule{flags.name, whole_number(flags.max_events, "MAX"),
                                  whole_number(flags.window_seconds, "WINDOW_SECONDS")};
  if (const auto set = app::set_rate_limit(community, rule, k_command_line, app::system_clock_seconds()); !set) {
    const app::Refusal& refusal = set.error();
    if (refusal.field == "max_events" || refusal.field == "window_seconds") {
      throw UsageError(fmt::format("{}: {}", refusal.field == "max_events" ? "MAX" : "WINDOW_SECONDS", refusal.message));
    }
    std::string known;
    for (const store::RateLimitRule& existing : community.rate_limit_rules()) {
      known += (known.empty() ? "" : ", ") + existing.name;
    }
    throw UsageError(fmt::format("NAME: {} (known rules: {})", refusal.message, known));
  }
  if (options.format() == OutputFormat::table) {
    fmt::print("{}: at most {} per {} s\n", rule.name, rule.max_events, rule.window_seconds);
  } else {
    print_rules(options, {rule});  // the rule as set, in the table `limits` prints
  }
}

}  // namespace

void
add_limits_command(CLI::App& app, const GlobalOptions& options)
{
  CLI::App* limits =
    app.add_subcommand("limits", "Show the rate limits every server instance applies (set one with 'limits set')");
  limits->require_subcommand(0, 1);

  auto flags = std::make_shared<LimitFlags>();
  CLI::App* set = limits->add_subcommand("set", "Change one rate limit: at most MAX events per WINDOW_SECONDS");
  set->add_option("NAME", flags->name, "Rule name, e.g. comment_per_user (see 'infertrack limits')")->required();
  set->add_option("MAX", flags->max_events, "Events allowed within the window (at least 1)")->required();
  set->add_option("WINDOW_SECONDS", flags->window_seconds, "The window in seconds (at least 1)")->required();
  set->callback([&options, flags] { set_limit(options, *flags); });

  limits->callback([&options, limits] {
    if (limits->get_subcommands().empty()) {
      print_limits(options);
    }
  });
}

}  // namespace infertrack::cli
