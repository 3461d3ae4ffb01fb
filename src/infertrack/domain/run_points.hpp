#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/util/slot_index.hpp"
#include "infertrack/util/text_block.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::domain {

// A run (configuration and date) viewed in place.
struct RunView
{
  ConfigurationView configuration;
  std::string_view date;

  bool operator==(const RunView&) const = default;
};

struct RunHash
{
  std::size_t operator()(const RunView& run) const
  {
    return hash_combine(ConfigurationHash{}(run.configuration), run.date);
  }
};

inline RunView
run_of(const BenchmarkPoint& point)
{
  return {configuration_of(point), point.date};
}

// What the run-level checks (check_runs) read of each point, copied out in order: its result id, its run and
// what it was measured on; about 40 bytes against a point's 1.1 KB, so that an ingest may let its points go once
// they are stored and still check their runs at the end.
class RunPoints
{
public:
  struct Member
  {
    std::uint32_t run = 0;  // the run's number: its index among runs, in order of first appearance
    bool p90 = false;       // carries interactivity at P90 ITL
    bool median = false;    // carries it at median TPOT
    bool disaggregated = false;
    PerGpuBasis basis = PerGpuBasis::all_allocated;
  };

  RunPoints() = default;
  explicit RunPoints(std::span<const BenchmarkPoint* const> points);
  // Large (an id and 16 bytes a point): moved, never copied by accident.
  RunPoints(RunPoints&&) = default;
  RunPoints& operator=(RunPoints&&) = default;
  RunPoints(const RunPoints&) = delete;
  RunPoints& operator=(const RunPoints&) = delete;

  void add(const BenchmarkPoint& point);
  // Every point of `other`, after those here.
  void add(const RunPoints& other);

  std::size_t size() const { return m_members.size(); }
  const Member& member(std::size_t point) const { return m_members[point]; }
  std::string_view result_id(std::size_t point) const;

  std::size_t run_count() const { return m_runs.size(); }
  RunView run(std::uint32_t number) const { return m_runs[number].view(); }
  bool contains_run(const BenchmarkPoint& point) const;

private:
  struct OwnedRun
  {
    std::string model;
    std::string hardware;
    std::string framework;
    std::string precision;
    std::string spec_method;
    std::string workload;
    std::string date;
    bool disaggregated = false;

    RunView view() const
    {
      return {{model, hardware, framework, precision, spec_method, disaggregated, workload}, date};
    }
  };

  std::uint32_t number_of(const RunView& run);
  void add(const RunView& run, const Member& member, std::string_view result_id);

  std::deque<OwnedRun> m_runs;  // a deque: the runs keep their places as it grows
  util::SlotIndex m_numbers;    // the runs, by number: one probe a point, where a map took two or three trips
  std::vector<Member> m_members;
  util::TextBlock<> m_ids;  // the result ids, by point
};

}  // namespace infertrack::domain
