#pragma once

#include "infertrack/app/history_query.hpp"
#include "infertrack/app/interpolation_query.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/domain/history.hpp"

#include <optional>
#include <string>

namespace infertrack::cli {

// The flags of `interpolate`, which `export interpolations` takes too.
struct InterpolateFlags
{
  FilterFlags filters;
  double at = 100;
  std::optional<std::string> basis;
  std::string metric = "total";
};

// The flags of `history`, which `export history` takes too.
struct HistoryFlags
{
  FilterFlags filters;
  std::optional<double> at;
  std::optional<std::string> basis;
  std::string metric = "total";
  std::optional<std::string> from;
  std::optional<std::string> to;
  std::string launch_date = std::string(domain::k_deepseek_v4_launch_date);
  bool join_precisions = false;
};

// --basis (p90_itl or median_tpot; unset: automatic) and --metric; throw UsageError naming the flag.
std::optional<domain::InteractivityBasis> basis_flag(const std::optional<std::string>& basis);
domain::ThroughputMetric metric_flag(const std::string& metric);

// The query the flags ask for; throws UsageError for a missing or malformed flag.
app::InterpolationQuery to_query(const InterpolateFlags& flags);
app::HistoryQuery to_query(const HistoryFlags& flags);

}  // namespace infertrack::cli
