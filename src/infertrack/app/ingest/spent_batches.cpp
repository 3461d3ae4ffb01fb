#include "infertrack/app/ingest/spent_batches.hpp"

#include "infertrack/formats/kept_points.hpp"

#include <utility>

namespace infertrack::app {

void
SpentBatches::give(std::vector<domain::BenchmarkPoint>&& points, bool destroy_now)
{
  if (m_reused && points.capacity() >= formats::KeptPoints::k_batch_points) {
    if (destroy_now) {
      points.clear();
    }
    const std::lock_guard lock(m_mutex);
    if (m_vectors.size() < k_kept_vectors) {
      m_vectors.push_back(std::move(points));
      return;
    }
  }
  points = {};
}

std::vector<domain::BenchmarkPoint>
SpentBatches::take()
{
  std::vector<domain::BenchmarkPoint> points;
  {
    const std::lock_guard lock(m_mutex);
    if (m_vectors.empty()) {
      return points;
    }
    points = std::move(m_vectors.back());
    m_vectors.pop_back();
  }
  points.clear();
  return points;
}

std::vector<std::vector<domain::BenchmarkPoint>>
SpentBatches::leftovers()
{
  const std::lock_guard lock(m_mutex);
  return std::move(m_vectors);
}

}  // namespace infertrack::app
