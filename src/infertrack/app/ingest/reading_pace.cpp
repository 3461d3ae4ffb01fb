#include "infertrack/app/ingest/reading_pace.hpp"

#include <algorithm>

namespace infertrack::app {

store::DatasetArrival
ReadingPace::note(bool was_ready, std::size_t points)
{
  if (m_verdict == store::DatasetArrival::at_once) {
    return m_verdict;
  }
  if (m_first) {
    m_first = false;
  } else if (m_backlog > 0) {
    m_backlog -= std::min(m_backlog, points);
  } else if (was_ready) {
    m_ready_in_a_row += points;
  } else {
    m_ready_in_a_row = 0;
    m_waited_for += points;
  }
  if (m_ready_in_a_row >= k_points_ready_in_a_row) {
    m_verdict = store::DatasetArrival::at_once;
  } else if (m_waited_for >= k_points_waited_for) {
    m_verdict = store::DatasetArrival::slower_than_stored;
  }
  return m_verdict;
}

}  // namespace infertrack::app
