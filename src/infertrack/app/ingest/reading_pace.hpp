#pragma once

#include "infertrack/store/store.hpp"

#include <cstddef>

namespace infertrack::app {

// Whether an ingest's storing keeps up with its reading, judged from the datasets it takes: what its session is
// told to expect (store::DatasetArrival). Reading that is slower leaves the store time between datasets; reading
// that runs ahead makes the store what the ingest waits for. Storing that kept up may fall behind later (what it
// does in the waits costs more as the store grows), never the other way: the first verdict can change once.
class ReadingPace
{
public:
  // Storing found this many points ready in a row: reading runs ahead of it. 32 of the readers' batches
  // (formats::KeptPoints::k_batch_points): at the start of a snapshot a dozen or more come ready while the
  // store's cache grows into fresh memory, and storing waits for each after that.
  static constexpr std::size_t k_points_ready_in_a_row = 65'536;
  // Storing waited for datasets of this many points, and had not fallen behind before: reading is the slower side.
  static constexpr std::size_t k_points_waited_for = 4'096;

  // Notes a dataset of `points` taken for storing; `was_ready` whether the reader had handed it on before
  // storing asked for it. Says what to expect from now on: pace_unknown until the first verdict,
  // slower_than_stored until storing falls behind, at_once for good. The first dataset is not evidence:
  // storing always waits for it.
  store::DatasetArrival note(bool was_ready, std::size_t points);
  // Points read while the store was opened, ready before storing began: no evidence either way (opening a new
  // database seeds it with the bundled data, as long as reading a dozen batches).
  void read_while_opening(std::size_t points) { m_backlog = points; }

private:
  bool m_first = true;
  store::DatasetArrival m_verdict = store::DatasetArrival::pace_unknown;
  std::size_t m_ready_in_a_row = 0;
  std::size_t m_waited_for = 0;
  std::size_t m_backlog = 0;
};

}  // namespace infertrack::app
