#pragma once

#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"

#include <span>
#include <string>

namespace infertrack::app {

// The CSV tables of the exports: a header row, then one row per value, fields quoted by util::csv_field.
// The interpolate, history and plan subcommands print these same tables for --csv (without the provenance
// lines). Points are written by formats::write_points_csv, so that a points export can be ingested again.

// One row per frontier knot, in curve order.
std::string frontiers_csv(const FrontierAnswer& answer);
std::string interpolations_csv(std::span<const InterpolationRow> rows,
                               std::span<const LeftOutConfiguration> left_out = {});
// One row per configuration and run date.
std::string history_csv(const HistoryQuery& query, std::span<const HistoryRow> rows);
std::string plans_csv(std::span<const PlanAnswer> answers);

}  // namespace infertrack::app
