#pragma once

#include "infertrack/domain/run_changes.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace infertrack::app {

// "What changed between each configuration's runs?", over the points `filter` selects (DOMAIN.md section 9).
struct ChangesQuery
{
  store::PointFilter filter;
  domain::ChangeOptions options;
  std::optional<domain::InteractivityBasis> basis; // unset: per configuration, as history chooses
  domain::ThroughputMetric metric = domain::ThroughputMetric::total;
  // Configurations that differ only in precision as one series, as history's join_precisions: a GPU's launch-day
  // fp8 run compared with its first fp4 one.
  bool join_precisions = false;
};

// One run of a configuration, and whether its numbers are new (domain::point_recurrence): the run is `new` when
// any of its points is, `carried_over` when all repeat the run before.
struct RunStatus
{
  domain::ConfigGroupKey configuration; // date empty, its own precision
  std::string date;
  std::string image; // empty when unknown or mixed
  std::size_t points = 0;
  std::size_t new_points = 0;
  bool carried_over() const { return new_points == 0; }
};

// One finding with both runs' values at its targets, flattened out of its series for listing.
struct ChangeRow
{
  const domain::ChangeSeries* series = nullptr;
  const domain::RunComparison* comparison = nullptr;
  const domain::ChangeFinding* finding = nullptr;
};

struct ChangesAnswer
{
  std::vector<domain::ChangeSeries> series; // configuration order
  std::vector<RunStatus> runs;              // newest first, then configuration order (within `since` when given)
  // Every finding, newest later run first, then configuration and direction order; views into `series`.
  std::vector<ChangeRow> findings() const;
};

// The answer to `query`: every point it selects is read once (the spread needs each run's image, the marks each
// point's values).
ChangesAnswer changes(store::Store& store, const ChangesQuery& query);

// The identity of a finding, stable while its runs are stored: "<configuration label>/<earlier>/<later>/<direction>",
// joined precisions included, for feed entry ids and links.
std::string finding_key(const ChangeRow& row);

// The answer as `infertrack changes --json` and GET /api/v1/changes give it.
nlohmann::json changes_json(const ChangesQuery& query, const ChangesAnswer& answer);

}  // namespace infertrack::app
