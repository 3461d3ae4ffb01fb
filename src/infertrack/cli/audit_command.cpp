#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/community_json.hpp"
#include "infertrack/util/csv_field.hpp"
#include "infertrack/util/text_table.hpp"
#include "infertrack/util/unix_time.hpp"

#include <fmt/core.h>

#include <memory>

namespace infertrack::cli {
namespace {

constexpr std::int64_t k_default_entries = 50;

void
print_audit(const GlobalOptions& options, std::int64_t limit)
{
  if (limit < 1) {
    throw UsageError(fmt::format("--limit: expected at least 1 (got {})", limit));
  }
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const std::vector<store::AuditEntry> entries = store->community().audit_log(limit);
  if (format == OutputFormat::json) {
    nlohmann::json list = nlohmann::json::array();
    for (const store::AuditEntry& entry : entries) {
      list.push_back(app::to_json(entry));
    }
    fmt::print("{}\n", list.dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("id,at,actor_id,actor,action,target,detail\n");
    for (const store::AuditEntry& entry : entries) {
      fmt::print("{},{},{},{},{},{},{}\n",
                 entry.id,
                 util::iso_utc(entry.at),
                 entry.actor_id ? std::to_string(*entry.actor_id) : "",
                 util::csv_field(entry.actor),
                 util::csv_field(entry.action),
                 util::csv_field(entry.target),
                 util::csv_field(entry.detail));
    }
    return;
  }
  util::TextTable table({{"at (UTC)"}, {"actor"}, {"action"}, {"target"}, {"detail"}});
  for (const store::AuditEntry& entry : entries) {
    table.add_row({util::iso_utc(entry.at), entry.actor, entry.action, entry.target, entry.detail});
  }
  fmt::print("{}", table.render());
  if (entries.empty()) {
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
