#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/formats/point_dedup.hpp"
#include "infertrack/util/text_block.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::formats {

// Receives a reader's points a batch at a time while the rest of its input is read, so that storing can start
// before reading ends. A batch handed on is the receiver's: the reader keeps the ids of its points only.
struct PointBatchSink
{
  std::function<void(std::vector<domain::BenchmarkPoint>&&)> deliver;
  // An emptied vector of an earlier batch, if there is one, for the reader to build the next batch in: memory
  // the process has just used costs less than fresh pages (a fault and a zeroing each, a quarter of reading a
  // snapshot on the benchmark machine). None: every batch is built in fresh memory.
  std::function<std::vector<domain::BenchmarkPoint>()> reuse;
};

// Thrown by a reader with a sink when a point repeats the result id of one it has handed on: whether the two are
// the same record or a conflict can then only be told by reading the input again without a sink. Rare (the same
// record twice in one file); the caller reads again.
class RepeatOfHandedOnPoint : public std::runtime_error
{
public:
  explicit RepeatOfHandedOnPoint(const std::string& result_id);
};

// The points a reader keeps, in reading order: each one completed (derived GPU counts and throughputs, so
// that duplicates are judged on what would be stored), one per result id (PointDedup), and handed on in
// batches when a sink is given. The readers build each point in place at the end.
class KeptPoints
{
public:
  // Points per batch handed on: large enough that a batch costs little to pass, small enough that storing
  // starts soon after reading does and ends soon after it (a 60,000-point snapshot: 2,048 took 8% off 8,192).
  static constexpr std::size_t k_batch_points = 2048;

  // Without a sink every point stays here until take().
  explicit KeptPoints(const PointBatchSink* sink = nullptr);

  // Makes room for about `estimate` points (a hint, PointDedup::reserve).
  void reserve(std::size_t estimate);
  // A new point at the end, to be read into and then passed to keep_last().
  domain::BenchmarkPoint& add() { return m_current.emplace_back(); }
  // Completes the last point and keeps it, unless it repeats an earlier result id (the outcome says how).
  PointDedup::Added keep_last(std::size_t record);

  // How many points were kept so far, handed on or not, and the result id of the one at `position` in reading
  // order (as in PointDedup::Added::first_position).
  std::size_t size() const { return m_handed_on_ids.count() + m_current.size(); }
  std::string_view result_id(std::size_t position) const;
  // Whether a kept point has the result id `id`.
  bool contains(std::string_view id) const;
  // The models of the kept points, each once, in order; the hardware they all name, if they name one.
  const std::vector<std::string>& models() const { return m_models; }
  std::optional<std::string_view> shared_hardware() const;

  // The points not handed on.
  std::vector<domain::BenchmarkPoint> take() { return std::move(m_current); }

private:
  // What PointDedup compares: every kept point, in reading order; those handed on by their ids alone.
  class Sequence
  {
  public:
    explicit Sequence(KeptPoints& kept) : m_kept(kept) {}
    std::size_t size() const { return m_kept.size(); }
    std::string_view result_id(std::size_t position) const { return m_kept.result_id(position); }
    // Whether the point at `position` equals the last one; throws RepeatOfHandedOnPoint when it was handed on.
    bool same_as_last(std::size_t position) const;
    const domain::BenchmarkPoint& back() const { return m_kept.m_current.back(); }
    void pop_back() { m_kept.m_current.pop_back(); }

  private:
    KeptPoints& m_kept;
  };

  void note_names(const domain::BenchmarkPoint& point);
  void hand_on();

  const PointBatchSink* m_sink;
  PointDedup m_dedup;
  util::TextBlock<> m_handed_on_ids;  // the result ids of the points handed on, in order
  std::vector<domain::BenchmarkPoint> m_current;
  std::vector<std::string> m_models;
  std::optional<std::string> m_hardware;  // the first point's
  bool m_one_hardware = true;
};

}  // namespace infertrack::formats
