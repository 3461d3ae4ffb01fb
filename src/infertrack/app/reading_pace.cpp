#include "infertrack/app/reading_pace.hpp"

namespace infertrack::app {

store::DatasetArrival
ReadingPace::note(bool was_ready, std::size_t points)
{
  if (m_judged != store::DatasetArrival::pace_unknown) {
    return m_judged;
  }
  if (m_first) {
    m_first = false;
  } else if (was_ready) {
    m_ready_in_a_row += points;
  } else {
    m_ready_in_a_row = 0;
    m_waited_for += points;
  }
  if (m_waited_for >= k_points_waited_for) {
    m_judged = store::DatasetArrival::slower_than_stored;
  } else if (m_ready_in_a_row >= k_points_ahead) {
    m_judged = store::DatasetArrival::at_once;
  }
  return m_judged;
}

}  // namespace infertrack::app
