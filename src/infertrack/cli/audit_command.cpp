#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/community/community_json.hpp"
#include "infertrack/cli/listing.hpp"
#include "infertrack/util/unix_time.hpp"

#include <fmt/core.h>

#include <memory>

namespace infertrack::cli {
namespace {

constexpr std::int64_t k_default_entries = 50;

std::vector<Listing::Column>
audit_columns()
{
  return {{"", "id"},
          {"at (UTC)", "at"},
          {"", "actor_id"},
          {"actor", "actor"},
          {"action", "action"},
          {"target", "target"},
          {"detail", "detail"}};
}

std::vector<Listing::Cell>
audit_cells(const store::AuditEntry& entry)
{
  return {Listing::plain(std::to_string(entry.id)),
          Listing::plain(util::iso_utc(entry.at)),
          Listing::plain(entry.actor_id ? std::to_string(*entry.actor_id) : ""),
          Listing::text(entry.actor),
          Listing::text(entry.action),
          Listing::text(entry.target),
          Listing::text(entry.detail)};
}

void
print_audit(const GlobalOptions& options, std::int64_t limit)
{
  if (limit < 1) {
    throw UsageError(fmt::format("--limit: expected at least 1 (got {})", limit));
  }
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const std::vector<store::AuditEntry> entries = store->community().audit_log(limit);
  fmt::print("{}", listing_text(format, audit_columns(), entries, audit_cells,
                                [](const store::AuditEntry& entry) { return app::to_json(entry); }));
  if (format == OutputFormat::table && entries.empty()) {
    fmt::print("no admin actions recorded\n");
  }
}

}  // namespace

void
add_audit_command(CLI::App& app, const GlobalOptions& options)
{
  auto limit = std::make_shared<std::int64_t>(k_default_entries);
  CLI::App* audit = app.add_subcommand("audit", "List the admin actions recorded, newest first");
  audit->add_option("--limit", *limit, "How many entries to show")->capture_default_str();
  audit->callback([&options, limit] { print_audit(options, *limit); });
}

}  // namespace infertrack::cli
