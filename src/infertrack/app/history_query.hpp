#pragma once

#include "infertrack/app/history_cache.hpp"
#include "infertrack/domain/history.hpp"
#include "infertrack/store/store.hpp"

#include <optional>
#include <string>
#include <vector>

namespace infertrack::app {

// "How has each configuration's throughput at `options.target` changed since launch?", over the points
// `filter` selects. `from`/`to` (YYYY-MM-DD) ask for the improvement between two run dates as well.
struct HistoryQuery
{
  store::PointFilter filter;
  domain::HistoryOptions options;
  std::optional<std::string> from;
  std::optional<std::string> to;
};

// One configuration's series, and the factor between `from` and `to` when both dates have a run of it.
struct HistoryRow
{
  domain::HistorySeries series;
  std::optional<domain::ImprovementFactor> between;
};

// One row per configuration with at least one usable run, in configuration order. A filter date or as_of
// narrows the runs the series is made of.
std::vector<HistoryRow> history(store::Store& store, const HistoryQuery& query);

// The same rows, with the runs' frontiers taken from `cache` while the store's data version holds: a query
// that differs only in its target, launch date or from/to reads no point from the store.
std::vector<HistoryRow> history(store::Store& store, const HistoryQuery& query, HistoryCache& cache);

// The frontiers of every run `query` selects (its filter, basis and metric), read from the store one
// configuration group at a time.
domain::HistoryFrontiers history_frontiers(store::Store& store, const HistoryQuery& query);

// The rows of `query` read off `frontiers` (built for the query's filter, basis and metric).
std::vector<HistoryRow> history_rows(const domain::HistoryFrontiers& frontiers, const HistoryQuery& query);

}  // namespace infertrack::app
