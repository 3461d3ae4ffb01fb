#pragma once

#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/app/queries/provenance.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace infertrack::app {

// What an export holds: the rows of one of the tracker's answers.
enum class ExportKind
{
  points,
  frontiers,
  interpolations,
  history,
  plans,
};

enum class ExportFormat
{
  csv,
  json,
};

const char* to_string(ExportKind kind);
const char* to_string(ExportFormat format);
// The kind named `text`: its own name, or the name of the matching API route (frontier, interpolate, plan).
std::optional<ExportKind> parse_export_kind(std::string_view text);
std::optional<ExportFormat> parse_export_format(std::string_view text);

// Every stored run of the points `filter` selects, as `infertrack points` lists them.
struct PointsQuery
{
  store::PointFilter filter;
  // Only the latest run of each configuration, as the tracker's chart and table show by default.
  bool latest_runs = false;
};

// The question an export answers; its alternative decides the kind.
using ExportQuery = std::variant<PointsQuery, FrontierQuery, InterpolationQuery, HistoryQuery, PlanQuery>;

ExportKind kind_of(const ExportQuery& query);

// One export, ready to be written whole.
struct ExportDocument
{
  ExportKind kind = ExportKind::points;
  ExportFormat format = ExportFormat::json;
  Provenance provenance;
  // json: {"provenance": {...}, "<kind>": [rows as --json and the API give them]}; csv: the provenance as
  // "# key: value" lines, then the header and the rows.
  std::string text;

  // "infertrack-<kind>-<model or all>[-<each other filter and the target>]-<as-of or latest>.<csv|json>", safe as a
  // file name.
  std::string file_name() const;
  // "text/csv; charset=utf-8" or "application/json".
  const char* content_type() const;
};

// Answers `query` with the same app queries the CLI and API use, and records its provenance. Fails only
// where the query does (a plan's diagnostic names the offending parameter, as app::plan's does).
util::Result<ExportDocument> build_export(store::Store& store, const ExportQuery& query, ExportFormat format);

}  // namespace infertrack::app
