#pragma once

#include "infertrack/domain/performance_curve.hpp"

#include <string>
#include <string_view>

namespace infertrack::app {

// The columns that open each row of a CSV answer about curves (frontiers, the glance table): the configuration as
// the answer names it, its fields one by one, the run date, and the basis and metric the curve was read with.
inline constexpr std::string_view k_curve_csv_columns =
  "configuration,model,hardware,framework,precision,spec_method,disaggregated,workload,run_date,interactivity_basis,"
  "metric";

// Appends those columns of `curve` (no separator after the last), `label` in the first.
void append_curve_csv_columns(std::string& text, std::string_view label, const domain::PerformanceCurve& curve);

}  // namespace infertrack::app
