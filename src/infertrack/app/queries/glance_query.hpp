#pragma once

#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/app/queries/provenance.hpp"
#include "infertrack/domain/glance_table.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace infertrack::app {

// "What does each configuration of a model serve at every 10 tok/s/user it was measured across?", over the points
// `filter` selects (a model, and any narrower filters and dates).
struct GlanceQuery
{
  store::PointFilter filter;
  domain::CurveOptions curve;
};

// The glance table of the latest selected run of each configuration, the configurations left without a curve, and
// where it all came from (kind "glance": the query, and each run with every knot of its frontier).
struct GlanceAnswer
{
  domain::GlanceTable table;
  std::vector<LeftOutConfiguration> left_out;
  Provenance provenance;
};

// Reads only the latest selected run of each configuration (Store::latest_points), as frontiers() does.
GlanceAnswer glance(store::Store& store, const GlanceQuery& query);

// The answer as `glance --json` and GET /api/v1/glance give it: provenance, model, x, metric, step, columns
// ({label, interactivity}), targets_left_out, slo_columns (one per service-level preset: {key, label, slo}), rows (a
// configuration's fields, run_date, interactivity_basis, metric, range {lowest, highest}, one cell per column:
// {state, tps_per_gpu, lower_result_id, upper_result_id}, and one slo_cell per slo_column: {tps_per_gpu,
// binding_limit, none_reason} as GET /api/v1/slo gives them), left_out.
nlohmann::json glance_json(const GlanceAnswer& answer);

// Whether a CSV starts with the provenance as "# key: value" lines (the API's download does; `glance --csv` prints
// the table alone, as the other commands' --csv do).
enum class CsvProvenance
{
  included,
  left_out,
};

// One row per configuration: its fields, run_date, interactivity_basis and metric, then two cells per column, headed
// by its label ("10 tok/s/user") and by the label and " state": the throughput per GPU (shortest round-trip text,
// empty when unreachable) and its state (exact, interpolated, clamped_low or unreachable), so that a lower bound and
// a missing value stay told apart from a value read off the spline. Then two cells per service-level preset, headed
// "<key> slo" and "<key> slo binding": the operating point's throughput per GPU (empty when there is none) and the
// limit that binds it; with the provenance, a "# slo.<key>: <target>" line names each preset's limits.
std::string glance_csv(const GlanceAnswer& answer, CsvProvenance provenance);

// "infertrack-glance-<model>[-<each other filter>]-<date, as-of date or latest>.csv", safe as a file name.
std::string glance_csv_file_name(const GlanceAnswer& answer);

}  // namespace infertrack::app
