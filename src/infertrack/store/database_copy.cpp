#include "infertrack/store/database_copy.hpp"

#include "infertrack/store/copy_endpoint.hpp"
#include "infertrack/store/open_store.hpp"
#include "infertrack/store/postgres/connection_url.hpp"
#include "infertrack/store/postgres/copy_endpoint.hpp"
#include "infertrack/store/sqlite/copy_endpoint.hpp"
#include "infertrack/store/store.hpp"

#include <xxhash.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <memory>
#include <set>
#include <string_view>

namespace infertrack::store {
namespace {

// One table of the schema, in an order in which every row's foreign keys point at rows copied before it.
struct TablePlan
{
  std::string_view name;
  // The columns the rows are ordered by for the checksum, a key of the table; empty: every column, in order.
  std::vector<std::string_view> key;
  // Rows a migration inserts (defaults): the target may hold exactly those, and they are replaced by the source's.
  bool migration_rows = false;
  // An id column whose ids are never reused: the target goes on after the source's last id.
  bool id_sequence = false;
};

const std::vector<TablePlan>&
table_plans()
{
  static const std::vector<TablePlan> plans = {
    {"configurations", {"id"}},
    {"points", {"result_id"}},
    {"findings", {"result_id", "kind", "detail"}},
    {"datasets", {}},
    {"hardware_costs", {"hardware", "effective_date", "name"}},
    {"demand_presets", {"key"}},
    {"published_headlines", {"label", "model", "target_interactivity"}},
    {"dataset_notes", {"text"}},
    {"eval_results", {"eval_id"}},
    {"benchmark_data_version", {"id"}, true},
    {"users", {"id"}, false, true},
    {"sessions", {"token_hash"}},
    {"trusted_devices", {"token_hash", "user_id"}},
    {"comments", {"id"}, false, true},
    {"rate_limit_rules", {"name"}, true},
    {"rate_limit_events", {"id"}, false, true},
    {"audit_log", {"id"}, false, true},
  };
  return plans;
}

// A table's checksum, fed its rows in key order. Each row is written as its values in column order, NULL as "N",
// an integer as "I<decimal>;", a double as "R<shortest round-trip form>;", text as "T<bytes>:<text>", and a line
// break: two rows hash alike only when every value is the same value of the same kind.
class TableChecksum
{
public:
  TableChecksum() : m_state(XXH3_createState())
  {
    if (m_state == nullptr) {
      throw StoreError("out of memory for a checksum");
    }
    XXH3_128bits_reset(m_state);
  }
  ~TableChecksum() { XXH3_freeState(m_state); }
  TableChecksum(const TableChecksum&) = delete;
  TableChecksum& operator=(const TableChecksum&) = delete;

  void add(CopyRow row)
  {
    m_text.clear();
    char number[32];
    for (const CopyValue& value : row) {
      switch (value.kind) {
        case CopyValue::Kind::null:
          m_text += 'N';
          break;
        case CopyValue::Kind::integer:
          m_text += 'I';
          m_text.append(number, std::to_chars(number, number + sizeof number, value.integer).ptr);
          m_text += ';';
          break;
        case CopyValue::Kind::real:
          m_text += 'R';
          m_text.append(number, std::to_chars(number, number + sizeof number, value.real).ptr);
          m_text += ';';
          break;
        case CopyValue::Kind::text:
          m_text += 'T';
          m_text.append(number, std::to_chars(number, number + sizeof number, value.text.size()).ptr);
          m_text += ':';
          m_text += value.text;
          break;
      }
    }
    m_text += '\n';
    XXH3_128bits_update(m_state, m_text.data(), m_text.size());
    ++m_rows;
  }

  std::int64_t rows() const { return m_rows; }

  std::string hex() const
  {
    const XXH128_hash_t hash = XXH3_128bits_digest(m_state);
    static constexpr char k_hex[] = "0123456789abcdef";
    std::string text(32, '0');
    std::uint64_t high = hash.high64;
    std::uint64_t low = hash.low64;
    for (int i = 15; i >= 0; --i, high >>= 4, low >>= 4) {
      text[static_cast<std::size_t>(i)] = k_hex[high & 0xF];
      text[static_cast<std::size_t>(i) + 16] = k_hex[low & 0xF];
    }
    return text;
  }

private:
  XXH3_state_t* m_state;
  std::string m_text;
  std::int64_t m_rows = 0;
};

bool
is_postgres(const std::string& locator)
{
  return postgres::is_postgres_url(locator);
}

std::string
display_name(const std::string& locator)
{
  return is_postgres(locator) ? postgres::redacted_url(locator) : locator;
}

// Runs `step`, naming `side` ("the source", "the target") in a StoreError it throws.
template<typename Step>
auto
on_side(std::string_view side, Step step)
{
  try {
    return step();
  } catch (const StoreBusy& error) {
    throw StoreBusy(std::string(side) + ": " + error.what());
  } catch (const StoreUnavailable& error) {
    throw StoreUnavailable(std::string(side) + ": " + error.what());
  } catch (const StoreReadOnly& error) {
    throw StoreReadOnly(std::string(side) + ": " + error.what());
  } catch (const StoreError& error) {
    throw StoreError(std::string(side) + ": " + error.what());
  }
}

std::unique_ptr<CopyEndpoint>
open_endpoint(const std::string& locator)
{
  // open_store migrates the schema (and makes a missing SQLite file) as every command does; the copy then reads and
  // writes each database over a connection of its own.
  open_store(locator).reset();
  return is_postgres(locator) ? postgres::open_copy_endpoint(locator) : sqlite::open_copy_endpoint(locator);
}

std::vector<std::string>
strings(const std::vector<std::string_view>& views)
{
  return {views.begin(), views.end()};
}

// The checksum and count of every row of `table` in `endpoint`.
TableChecksum&
checksum_of(CopyEndpoint& endpoint, const std::string& table, const std::vector<std::string>& columns,
            const std::vector<std::string>& order, TableChecksum& checksum)
{
  endpoint.read_rows(table, columns, order, [&](CopyRow row) { checksum.add(row); });
  return checksum;
}

util::Diagnostic
refusal(std::string field, std::string message)
{
  return util::Diagnostic{.file = "", .record = "", .field = std::move(field), .message = std::move(message)};
}

}  // namespace

util::Result<CopyReport>
copy_database(const std::string& from, const std::string& to)
{
  CopyReport report;
  report.from = display_name(from);
  report.to = display_name(to);
  if (!is_postgres(from) && !std::filesystem::is_regular_file(from)) {
    return tl::unexpected(refusal("from", "no database file at '" + from + "'"));
  }
  const std::unique_ptr<CopyEndpoint> source = on_side("the source", [&] { return open_endpoint(from); });
  const std::unique_ptr<CopyEndpoint> target = on_side("the target", [&] { return open_endpoint(to); });
  if (on_side("the source", [&] { return source->identity(); }) ==
      on_side("the target", [&] { return target->identity(); })) {
    return tl::unexpected(refusal("to", "'" + report.to + "' is the source database itself"));
  }
  const int source_version = on_side("the source", [&] { return source->schema_version(); });
  report.schema_version = on_side("the target", [&] { return target->schema_version(); });
  if (source_version != report.schema_version) {
    return tl::unexpected(refusal("from", "the source is at schema version " + std::to_string(source_version) +
                                            " and the target at " + std::to_string(report.schema_version) +
                                            ": copy with the build of infertrack that wrote the source"));
  }
  // Every table of the schema must have its place in the plan: one a later migration adds and the plan misses
  // would be left behind.
  std::set<std::string> planned;
  for (const TablePlan& plan : table_plans()) {
    planned.emplace(plan.name);
  }
  for (CopyEndpoint* side : {source.get(), target.get()}) {
    for (const std::string& table : side->tables()) {
      if (!planned.contains(table)) {
        throw StoreError(side->name() + ": table " + table + " is not one this build of infertrack knows how to copy");
      }
    }
  }

  on_side("the source", [&] { source->begin_reading(); });
  on_side("the target", [&] { target->begin_writing(); });
  const std::unique_ptr<CopyEndpoint> defaults = sqlite::migrated_copy_endpoint_in_memory();

  // The columns of this build's schema as the target has them, and the key order of each table's rows.
  struct Table
  {
    const TablePlan* plan;
    std::string name;
    std::vector<std::string> columns;
    std::vector<std::string> order;
  };
  std::vector<Table> tables;
  for (const TablePlan& plan : table_plans()) {
    Table& table = tables.emplace_back(Table{&plan, std::string(plan.name), {}, {}});
    table.columns = on_side("the target", [&] { return target->columns(table.name); });
    std::vector<std::string> source_columns = on_side("the source", [&] { return source->columns(table.name); });
    std::vector<std::string> sorted_target = table.columns;
    std::ranges::sort(source_columns);
    std::ranges::sort(sorted_target);
    if (source_columns != sorted_target) {
      throw StoreError("table " + table.name + " has other columns in " + source->name() + " than in " +
                       target->name());
    }
    table.order = plan.key.empty() ? table.columns : strings(plan.key);
  }

  // Nothing is written before the target is known to be empty.
  for (const Table& table : tables) {
    if (table.plan->migration_rows) {
      TableChecksum held;
      TableChecksum fresh;
      on_side("the target", [&] { checksum_of(*target, table.name, table.columns, table.order, held); });
      checksum_of(*defaults, table.name, table.columns, table.order, fresh);
      if (held.hex() != fresh.hex()) {
        return tl::unexpected(refusal("to", "'" + report.to + "' is not empty (table " + table.name +
                                              " was changed since it was made): copy into an empty database"));
      }
    } else if (on_side("the target", [&] { return target->has_rows(table.name); })) {
      return tl::unexpected(refusal(
        "to", "'" + report.to + "' is not empty (table " + table.name + " has rows): copy into an empty database"));
    }
  }

  for (const Table& table : tables) {
    if (table.plan->migration_rows) {
      on_side("the target", [&] { target->delete_rows(table.name); });
    }
    const std::unique_ptr<CopyRowWriter> writer = on_side("the target", [&] {
      return target->writer(table.name, table.columns);
    });
    TableChecksum checksum;
    const std::size_t id_column = static_cast<std::size_t>(
      std::ranges::find(table.columns, "id") - table.columns.begin());
    std::int64_t highest_id = 0;
    on_side("the copy of " + table.name, [&] {
      source->read_rows(table.name, table.columns, table.order, [&](CopyRow row) {
        checksum.add(row);
        if (id_column < row.size() && row[id_column].kind == CopyValue::Kind::integer) {
          highest_id = std::max(highest_id, row[id_column].integer);
        }
        writer->add(row);
      });
      writer->finish();
    });
    if (table.plan->id_sequence) {
      const std::int64_t last = std::max(highest_id, on_side("the source", [&] { return source->last_id(table.name); }));
      on_side("the target", [&] { target->set_last_id(table.name, last); });
    }
    report.tables.push_back(CopiedTable{table.name, checksum.rows(), checksum.hex()});
  }

  // Read back before the commit: what the target holds now is what it will hold.
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const Table& table = tables[i];
    const CopiedTable& copied = report.tables[i];
    TableChecksum held;
    on_side("the target", [&] { checksum_of(*target, table.name, table.columns, table.order, held); });
    if (held.rows() != copied.rows || held.hex() != copied.checksum) {
      return tl::unexpected(refusal(
        "", "the copy of table " + table.name + " reads back differently (" + std::to_string(copied.rows) +
              " rows, checksum " + copied.checksum + " in the source; " + std::to_string(held.rows()) +
              " rows, checksum " + held.hex() + " in the target): nothing was copied"));
    }
  }
  on_side("the target", [&] {
    target->announce_data_version();
    target->commit();
  });
  return report;
}

}  // namespace infertrack::store
