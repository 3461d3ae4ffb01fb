#pragma once

#include "infertrack/store/store.hpp"

#include <cstddef>

namespace infertrack::app {

// Whether an ingest's storing keeps up with its reading, judged once from the datasets it takes: what its session
// is told to expect (store::DatasetArrival). Reading that is slower leaves the store time between datasets;
// reading that runs ahead makes the store what the ingest waits for.
class ReadingPace
{
public:
  // Storing found this many points ready in a row: reading runs ahead of it. More than the readers' first
  // batches, which come ready while the session opens the store (formats::KeptPoints::k_batch_points).
  static constexpr std::size_t k_points_ahead = 32'768;
  // Storing waited for datasets of this many points: reading is the slower side.
  static constexpr std::size_t k_points_waited_for = 4'096;

  // Notes a dataset of `points` taken for storing; `was_ready` whether the reader had handed it on before
  // storing asked for it. Says what to expect: pace_unknown until the judgement, then the judgement for good.
  // The first dataset is not evidence: storing always waits for it.
  store::DatasetArrival note(bool was_ready, std::size_t points);

private:
  bool m_first = true;
  store::DatasetArrival m_judged = store::DatasetArrival::pace_unknown;
  std::size_t m_ready_in_a_row = 0;
  std::size_t m_waited_for = 0;
};

}  // namespace infertrack::app
