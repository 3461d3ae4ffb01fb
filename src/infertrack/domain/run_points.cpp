#include "infertrack/domain/run_points.hpp"

namespace infertrack::domain {

RunPoints::RunPoints(std::span<const BenchmarkPoint* const> points)
{
  m_members.reserve(points.size());
  m_ids.reserve(points.size());
  for (const BenchmarkPoint* point : points) {
    add(*point);
  }
}

void
RunPoints::add(const BenchmarkPoint& point)
{
  add(run_of(point),
      Member{0, point.interactivity_p90.has_value(), point.interactivity_median.has_value(), point.disaggregated,
             point.per_gpu_basis},
      point.result_id);
}

void
RunPoints::add(const RunPoints& other)
{
  for (std::size_t i = 0; i < other.size(); ++i) {
    add(other.run(other.m_members[i].run), other.m_members[i], other.result_id(i));
  }
}

std::string_view
RunPoints::result_id(std::size_t point) const
{
  return m_ids[point];
}

void
RunPoints::add(const RunView& run, const Member& member, std::string_view result_id)
{
  Member& added = m_members.emplace_back(member);
  // Points of one run mostly come together: the run of the point before is compared before any hashing.
  const bool same_as_last = m_members.size() > 1 && m_runs[m_members[m_members.size() - 2].run].view() == run;
  added.run = same_as_last ? m_members[m_members.size() - 2].run : number_of(run);
  m_ids.add(result_id);
}

bool
RunPoints::contains_run(const BenchmarkPoint& point) const
{
  const RunView run = run_of(point);
  return m_numbers.contains(RunHash{}(run), [&](std::size_t number) { return m_runs[number].view() == run; });
}

std::uint32_t
RunPoints::number_of(const RunView& run)
{
  const std::size_t hash = RunHash{}(run);
  const std::size_t slot = m_numbers.place(
    hash,
    [&](std::size_t number) { return m_runs[number].view() == run; },
    [this](std::size_t number) { return RunHash{}(m_runs[number].view()); });
  if (m_numbers.holds(slot)) {
    return static_cast<std::uint32_t>(m_numbers.position(slot));
  }
  const auto& [configuration, date] = run;
  m_runs.emplace_back(OwnedRun{std::string(configuration.model),
                               std::string(configuration.hardware),
                               std::string(configuration.framework),
                               std::string(configuration.precision),
                               std::string(configuration.spec_method),
                               std::string(configuration.workload),
                               std::string(date),
                               configuration.disaggregated});
  const auto number = static_cast<std::uint32_t>(m_runs.size() - 1);
  m_numbers.put(slot, hash, number);
  return number;
}

}  // namespace infertrack::domain
