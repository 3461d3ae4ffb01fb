#pragma once

#include "infertrack/domain/history_frontiers.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/domain/point_recurrence.hpp"
#include "infertrack/domain/run_changes.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace infertrack::app {

// The spread of a curve at each drawing sample where two runs or more give a value: {x, min, max}, for the band the
// chart draws around the curve, and the runs it rests on.
struct SpreadBand
{
  std::size_t runs = 0;           // the most runs any sample rests on
  std::vector<std::string> dates; // those runs, oldest first
  std::vector<std::array<double, 3>> samples;
};

// The run-to-run spread beside curves (DOMAIN.md section 9): a curve's run with the runs of its configuration and
// engine image at most domain::k_default_spread_days before it, each read at the same x; and whether each point's
// numbers are new with its run. Interactivity curves only: a latency curve has none.
class RunSpreads
{
public:
  // Reads every run up to the latest of `curves` of the configurations `filter` selects (its date, if any, read as
  // the last date), once.
  RunSpreads(store::Store& store, store::PointFilter filter, std::span<const domain::PerformanceCurve> curves);

  // The spread at `target` tok/s/user of the curve's run; no runs when the curve is not among those read.
  domain::ValueSpread at(const domain::PerformanceCurve& curve, double target) const;

  // The spread at each of `samples` (the curve's drawing samples) where two runs or more give a value.
  SpreadBand band(const domain::PerformanceCurve& curve, std::span<const std::pair<double, double>> samples) const;

  // "new" or "carried_over" (domain::point_recurrence) for a point of the runs read; unset for any other.
  std::optional<std::string> recurrence(const std::string& result_id) const;

private:
  struct RunsOnBasis
  {
    domain::HistoryFrontiers frontiers;
    std::vector<std::vector<std::string>> images;
    std::map<domain::ConfigGroupKey, std::size_t> configurations; // date empty
  };
  // Where the curve's run lies: its basis's frontiers, configuration and run; null when not read.
  struct Place
  {
    const RunsOnBasis* runs = nullptr;
    std::size_t configuration = 0;
    std::size_t run = 0;
  };
  Place place_of(const domain::PerformanceCurve& curve) const;

  std::map<domain::InteractivityBasis, RunsOnBasis> m_by_basis;
  std::map<std::string, domain::PointRecurrence> m_recurrence; // by result id
};

// {"runs", "min", "max", "dates"}: min and max null when fewer than two runs give a value.
nlohmann::json spread_json(const domain::ValueSpread& spread);
// {"runs", "dates", "samples": [[x, min, max], ...]}.
nlohmann::json band_json(const SpreadBand& band);

}  // namespace infertrack::app
