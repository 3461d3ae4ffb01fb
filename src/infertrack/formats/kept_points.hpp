#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/formats/point_dedup.hpp"

#include <cstddef>
#include <functional>
#include <vector>

namespace infertrack::formats {

// Receives a reader's points a batch at a time while the rest of its input is read, so that storing can start
// before reading ends. The reader compares later points with the earlier batches (duplicate checks) until it
// returns: the receiver takes each batch's vector and keeps its points where they are (moving the vector is
// fine, copying it is not), unchanged, until then.
using PointBatchSink = std::function<void(std::vector<domain::BenchmarkPoint>&&)>;

// The points a reader keeps, in reading order: each one completed (derived GPU counts and throughputs, so
// that duplicates are judged on what would be stored), one per result id (PointDedup), and handed on in
// batches when a sink is given. The readers build each point in place at the end.
class KeptPoints
{
public:
  // Without a sink every point stays here until take().
  explicit KeptPoints(const PointBatchSink* sink = nullptr);

  // Makes room for about `estimate` points (a hint, PointDedup::reserve).
  void reserve(std::size_t estimate);
  // A new point at the end, to be read into and then passed to keep_last().
  domain::BenchmarkPoint& add() { return m_current.emplace_back(); }
  // Completes the last point and keeps it, unless it repeats an earlier result id (the outcome says how).
  PointDedup::Added keep_last(std::size_t record);
  // Every point kept so far, handed on or not, and the one at `position` in reading order (as in
  // PointDedup::Added::first_position).
  std::size_t size() const { return m_sent.size() * k_batch_points + m_current.size(); }
  const domain::BenchmarkPoint& operator[](std::size_t position) const;
  // The points not handed on.
  std::vector<domain::BenchmarkPoint> take() { return std::move(m_current); }

private:
  // What PointDedup compares: every kept point, in reading order, across the batches handed on.
  class Sequence
  {
  public:
    explicit Sequence(KeptPoints& kept) : m_kept(kept) {}
    std::size_t size() const { return m_kept.size(); }
    const domain::BenchmarkPoint& operator[](std::size_t position) const { return m_kept[position]; }
    const domain::BenchmarkPoint& back() const { return m_kept.m_current.back(); }
    void pop_back() { m_kept.m_current.pop_back(); }

  private:
    KeptPoints& m_kept;
  };

  // Points per batch handed on: large enough that a batch costs little to pass, small enough that storing
  // starts soon after reading does and ends soon after it (a 60,000-point snapshot: 2,048 took 8% off 8,192).
  static constexpr std::size_t k_batch_points = 2048;

  const PointBatchSink* m_sink;
  PointDedup m_dedup;
  std::vector<const domain::BenchmarkPoint*> m_sent; // the first point of each batch handed on
  std::vector<domain::BenchmarkPoint> m_current;
};

}  // namespace infertrack::formats
