#pragma once

#include "infertrack/app/queries/history_cache.hpp"
#include "infertrack/domain/history.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
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
  // Configurations that differ only in precision as one series (domain::join_precisions): a GPU's launch-day runs in
  // fp8 beside its later fp4 ones. Pages then count the joined series.
  bool join_precisions = false;
  // One page of the configurations, in configuration order: a whole database's history is too large for
  // one answer (1,000 configurations x 200 dates is 130 MB of JSON). No limit: every configuration.
  std::size_t offset = 0;
  std::optional<std::size_t> limit;
};

// The query's own checks of its dates: `from` and `to` come together, and `to` is not before `from`. Named by their
// API parameters ("from", "to").
util::Result<void> check_history_dates(const HistoryQuery& query);

// One configuration's series, and the factor between `from` and `to` when both dates have a run of it.
struct HistoryRow
{
  domain::HistorySeries series;
  std::optional<domain::ImprovementFactor> between;
};

// The page of rows a query asks for, and how many configurations all pages hold.
struct HistoryAnswer
{
  std::vector<HistoryRow> rows;
  std::size_t configurations = 0;
};

// One row per configuration with at least one usable run, in configuration order (the query's page of
// them). A filter date or as_of narrows the runs the series is made of.
HistoryAnswer history(store::Store& store, const HistoryQuery& query);

// The same rows, with the runs' frontiers taken from `cache` while the store's data version holds: a query
// that differs only in its target, launch date, from/to or page reads no point from the store.
HistoryAnswer history(store::Store& store, const HistoryQuery& query, HistoryCache& cache);

// The frontiers of every run `query` selects (its filter, basis and metric), read from the store one
// configuration group at a time.
domain::HistoryFrontiers history_frontiers(store::Store& store, const HistoryQuery& query);

// The rows of `query` read off `frontiers` (built for the query's filter, basis and metric).
HistoryAnswer history_rows(const domain::HistoryFrontiers& frontiers, const HistoryQuery& query);

}  // namespace infertrack::app
