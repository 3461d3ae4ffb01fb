#pragma once

#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace infertrack::domain {

// The glance table's targets are every multiple of this many tok/s/user within the measured range.
inline constexpr double k_glance_step = 10;
// Targets a glance table holds at most: a range this wide (10,000 tok/s/user at the default step) is a unit slip in
// the data rather than a table anyone reads, and each target is one value per configuration.
inline constexpr std::size_t k_glance_max_targets = 1000;

// One column of a glance table: a value is read off every configuration's curve at `interactivity` tok/s/user.
// Targets every 10 tok/s/user are one kind of column; other kinds (a service-level preset) append their own, each
// with the label a reader sees.
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

// One configuration's row: its curve and, for each column in order, the value read off it there (its state and
// bracketing result ids as interpolate_curve gives them).
struct GlanceRow
{
  PerformanceCurve curve;
  std::vector<InterpolatedThroughput> cells;
};

// Values at fixed targets, one row per configuration, one cell per column.
struct GlanceTable
{
  std::vector<GlanceColumn> columns;
  std::vector<GlanceRow> rows;
  std::size_t targets_left_out = 0; // see GlanceTargets::left_out
};

// The glance table of `curves` (one per configuration, in the order given) at `columns`.
GlanceTable glance_table(std::vector<PerformanceCurve> curves, std::vector<GlanceColumn> columns);

// The glance table of `curves` at glance_targets(`curves`).
GlanceTable glance_table(std::vector<PerformanceCurve> curves);

}  // namespace infertrack::domain
