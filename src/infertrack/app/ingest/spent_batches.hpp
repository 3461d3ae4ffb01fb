#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <mutex>
#include <vector>

namespace infertrack::app {

// The points an ingest has stored, let go of: the points are destroyed, and their vectors are kept for the
// reader to build its next batches in (formats::PointBatchSink::reuse), memory just used being cheaper than fresh
// pages.
class SpentBatches
{
public:
  // `reused`: the reader takes vectors back (take()); otherwise they go with their points.
  explicit SpentBatches(bool reused) : m_reused(reused) {}

  // At most this many vectors wait for the reader: it takes one back per batch it hands on, and the rest of a
  // file, or a small file, gives one it never takes.
  static constexpr std::size_t k_kept_vectors = 8;

  // Points stored, from the storing thread. `destroy_now`: destroy them here (the storing thread would wait for
  // the reader anyway); otherwise the reader destroys them when it takes the vector back (it would wait for the
  // storing thread). Destroying a point costs about a third of storing it. A vector too small for a batch, or
  // one more than k_kept_vectors, goes with its points here.
  void give(std::vector<domain::BenchmarkPoint>&& points, bool destroy_now);
  // An emptied vector of points given earlier, its capacity kept; none (an empty vector) when there is none yet.
  std::vector<domain::BenchmarkPoint> take();
  // The vectors given and not taken back, with the points still in those the reader was to empty.
  std::vector<std::vector<domain::BenchmarkPoint>> leftovers();

private:
  bool m_reused;
  std::mutex m_mutex;
  std::vector<std::vector<domain::BenchmarkPoint>> m_vectors;
};

}  // namespace infertrack::app
