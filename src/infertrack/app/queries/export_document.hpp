#pragma once

#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/app/queries/provenance.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <functional>
#include <optional>
#include <stdexcept>
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
  // "# key: value" lines, then the header and the rows. The whole document, or its beginning when `more` is set.
  std::string text;
  // Set by begin_export for the points of every run: appends the document's next part (a page of points) to its
  // argument and says whether another follows; the part that says not ends the document. It reads the store, so its
  // caller holds the store as for any other call, and it throws ExportDataChanged once the stored data is not what it
  // was when the export began (the parts would no longer make one state of the tracker).
  std::function<bool(std::string&)> more;

  // "infertrack-<kind>-<model or all>[-<each other filter and the target>]-<as-of or latest>.<csv|json>", safe as a
  // file name.
  std::string file_name() const;
  // "text/csv; charset=utf-8" or "application/json".
  const char* content_type() const;
};

// Answers `query` with the same app queries the CLI and API use, and records its provenance. Fails only
// where the query does (a plan's diagnostic names the offending parameter, as app::plan's does).
util::Result<ExportDocument> build_export(store::Store& store, const ExportQuery& query, ExportFormat format);
// build_export's document begun: an export of the points of every run (a whole database, maybe) comes with `more`
// to read and write the rest a page of points at a time, so that it is never held whole; any other is whole at once.
util::Result<ExportDocument> begin_export(store::Store& store, const ExportQuery& query, ExportFormat format);

// Thrown by ExportDocument::more when the stored data changed since the export began.
class ExportDataChanged : public std::runtime_error
{
public:
  using std::runtime_error::runtime_error;
};

}  // namespace infertrack::app
