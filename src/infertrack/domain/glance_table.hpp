#pragma once

#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/domain/service_level.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace infertrack::domain {

// The glance table's targets are every multiple of this many tok/s/user within the measured range.
inline constexpr double k_glance_step = 10;
// Targets a glance table holds at most: a range this wide (10,000 tok/s/user at the default step) is a unit slip in
// the data rather than a table anyone reads, and each target is one value per configuration.
inline constexpr std::size_t k_glance_max_targets = 1000;

// One column of a glance table: a value is read off every configuration's curve at `interactivity` tok/s/user,
// with the label a reader sees. Service-level presets have columns of their own kind (GlanceServiceLevelColumn).
struct GlanceColumn
{
  std::string label; // "10 tok/s/user"
  double interactivity = 0;

  bool operator==(const GlanceColumn&) const = default;
};

// The column of a plain target: labelled "`interactivity` tok/s/user".
GlanceColumn target_column(double interactivity);

// The target columns every `step` tok/s/user covering the measured range of all `curves`' frontiers: from the first
// multiple of `step` at or above the lowest knot to the last at or below the highest, at most k_glance_max_targets
// of them (the lowest first). Empty when no multiple falls in the range. `step` > 0.
struct GlanceTargets
{
  std::vector<GlanceColumn> columns;
  std::size_t left_out = 0; // targets of the range past k_glance_max_targets
};
GlanceTargets glance_targets(std::span<const PerformanceCurve> curves, double step = k_glance_step);

// A column after the targets: each configuration's operating point under a service-level preset
// (evaluate_service_level). It answers another question than a target's value, so it is a column of its own kind.
struct GlanceServiceLevelColumn
{
  std::string key;   // the preset's key, "chat"
  std::string label; // "Chat"
  ServiceLevelTarget target;
};

// One column per service_level_presets(), in their order.
std::vector<GlanceServiceLevelColumn> preset_columns();

// One configuration's operating point under one column's target: its throughput per GPU and the limit that binds it,
// or why it has none (ServiceLevelAnswer's throughput, binding and none_reason).
struct GlanceServiceLevelCell
{
  std::optional<double> throughput;
  std::optional<std::size_t> binding; // index in the column's target limits
  std::optional<std::string> none_reason;
};

// One configuration's row: its curve and, for each column in order, the value read off it there (its state and
// bracketing result ids as interpolate_curve gives them), then one cell per service-level column.
struct GlanceRow
{
  PerformanceCurve curve;
  std::vector<InterpolatedThroughput> cells;
  std::vector<GlanceServiceLevelCell> slo_cells;
};

// Values at fixed targets, one row per configuration, one cell per column.
struct GlanceTable
{
  std::vector<GlanceColumn> columns;
  std::vector<GlanceRow> rows;
  std::size_t targets_left_out = 0; // see GlanceTargets::left_out
  std::vector<GlanceServiceLevelColumn> slo_columns; // after the targets
};

// The glance table of `curves` (one per configuration, in the order given) at `columns`.
GlanceTable glance_table(std::vector<PerformanceCurve> curves, std::vector<GlanceColumn> columns);

// The glance table of `curves` at glance_targets(`curves`).
GlanceTable glance_table(std::vector<PerformanceCurve> curves);

// Appends `columns` to `table`, a cell per row each: the row's operating point under the column's target, read from
// `points` with `options`, the points and options `table`'s curves were built from (so each row's configuration has
// an answer).
void add_service_level_columns(GlanceTable& table,
                               std::span<const BenchmarkPoint> points,
                               std::vector<GlanceServiceLevelColumn> columns,
                               const CurveOptions& options);

}  // namespace infertrack::domain
