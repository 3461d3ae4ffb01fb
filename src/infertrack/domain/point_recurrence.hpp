#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <span>
#include <vector>

namespace infertrack::domain {

// Whether a point's numbers are new with its run, or repeat the run before (DOMAIN.md section 9): nightly runs
// often publish a concurrency again unchanged, and a reader should not take it for a new measurement.
enum class PointRecurrence
{
  new_numbers,  // "new": the run before measured no point at this concurrency with these values
  carried_over, // the configuration's run before (its latest earlier date) has a point at the same concurrency with
                // the same throughputs per GPU (total, input, output) and interactivities (P90, median), bit for bit
};

// "new" or "carried_over".
const char* to_string(PointRecurrence recurrence);

// The recurrence of each of `points` (any order), in their order. The run before is looked for among `points`
// themselves: give every run of the configurations asked about. O(n log n).
std::vector<PointRecurrence> point_recurrence(std::span<const BenchmarkPoint> points);

}  // namespace infertrack::domain
