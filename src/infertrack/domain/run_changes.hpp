#pragma once

#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/history.hpp"
#include "infertrack/domain/history_frontiers.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace infertrack::domain {

// A run's value moving by at least this fraction of the run before's (10%) is a finding (DOMAIN.md section 9).
inline constexpr double k_default_change_threshold = 0.1;
// The targets two runs are compared at: every multiple of this (tok/s/user) both reach, as glance reads.
inline constexpr double k_change_target_step = 10;
// When no multiple of k_change_target_step lies where both runs reach (launch-day runs of 1-2 tok/s/user), every
// multiple of this instead.
inline constexpr double k_change_fine_step = 1;
inline constexpr std::size_t k_change_max_targets = 1000;
// Runs of one configuration and one image this many days apart or closer make one spread.
inline constexpr std::int64_t k_default_spread_days = 14;
// A change is compared with the threshold to this much, so that exactly 10% is 10% whatever the rounding.
inline constexpr double k_change_tolerance = 1e-9;

enum class ChangeDirection
{
  improvement, // the later run is faster at the target
  regression,
};

const char* to_string(ChangeDirection direction);

// Which run a comparison reads: a configuration's run on one date.
struct RunIdentity
{
  std::string date;      // YYYY-MM-DD
  std::string precision; // its configuration's (several when precisions are joined)
  std::string image;     // the engine image all its points share; empty when unknown or mixed
  double slowest_interactivity = 0;
  double fastest_interactivity = 0;
};

// The values of the runs of one configuration and image within the spread window that have a value measured at a
// target (exact or interpolated): min and max only when two runs or more give one.
struct ValueSpread
{
  std::size_t runs = 0;
  std::optional<double> min;
  std::optional<double> max;
  std::vector<std::string> dates; // the runs it rests on, oldest first
};

// Both runs' values at one target and later / earlier. A clamped_low end makes the ratio a bound (FactorBound).
struct TargetChange
{
  double target = 0; // tok/s/user
  InterpolatedThroughput earlier;
  InterpolatedThroughput later;
  double ratio = 1;
  FactorBound bound = FactorBound::exact;
  ValueSpread later_spread;
};

// A change beyond the threshold, in one direction, between two runs: its size is the largest at any of its targets.
struct ChangeFinding
{
  ChangeDirection direction = ChangeDirection::improvement;
  double ratio = 1;   // later / earlier at `at`
  double percent = 0; // (ratio - 1) x 100
  double at = 0;      // the target of the largest change
  FactorBound bound = FactorBound::exact;
  std::vector<double> targets; // every target where the change passes the threshold this way
};

// One run compared with the run before it.
struct RunComparison
{
  RunIdentity earlier;
  RunIdentity later;
  std::vector<TargetChange> targets; // empty: the runs share no target (none both reach)
  std::size_t targets_left_out = 0;  // past k_change_max_targets
  std::vector<ChangeFinding> findings;
};

// One configuration (or one group of precisions, joined) and each of its runs compared with the one before.
struct ChangeSeries
{
  ConfigGroupKey configuration; // date empty; joined precisions read "fp4/fp8"
  InteractivityBasis basis = InteractivityBasis::p90_itl;
  std::size_t runs = 0; // with a frontier
  std::vector<RunComparison> comparisons; // oldest first
};

struct ChangeOptions
{
  double threshold = k_default_change_threshold; // > 0
  std::optional<std::string> since; // only comparisons whose later run is on or after it (YYYY-MM-DD)
  std::int64_t spread_days = k_default_spread_days;
};

// The engine image of each run: images[c][r] for frontiers.run(c, r), empty when unknown. An empty span: none known.
using RunImages = std::span<const std::vector<std::string>>;

// The targets two runs with these frontier ranges are compared at: every multiple of k_change_target_step from the
// first at or above the lower of the two slowest interactivities to the last both runs reach (at or below the lower
// of the fastest), so that at most one end is a lower bound (clamped_low); k_change_fine_step when that holds none.
// At most k_change_max_targets (`left_out` counts the rest).
std::vector<double> change_targets(const RunIdentity& earlier, const RunIdentity& later, std::size_t* left_out);

// The comparisons of the configurations `group` (indices into `frontiers`; one, or several differing only in
// precision) as one series: each run with a frontier against the runs of the latest earlier date with one.
ChangeSeries detect_changes(const HistoryFrontiers& frontiers,
                            std::span<const std::size_t> group,
                            RunImages images,
                            const ChangeOptions& options);

// The spread at `target` of run `r` of configuration `c`: the runs of `c` no more than `window_days` before it
// (itself included) with its image. A run without a known image rests on itself alone.
ValueSpread value_spread(const HistoryFrontiers& frontiers,
                         std::size_t c,
                         std::size_t r,
                         RunImages images,
                         double target,
                         std::int64_t window_days);

}  // namespace infertrack::domain
