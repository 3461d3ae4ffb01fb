#include "infertrack/formats/kept_points.hpp"

#include "infertrack/domain/data_quality.hpp"

#include <algorithm>

namespace infertrack::formats {

RepeatOfHandedOnPoint::RepeatOfHandedOnPoint(const std::string& result_id)
  : std::runtime_error("result id " + result_id + " repeats one of a batch handed on")
{
}

KeptPoints::KeptPoints(const PointBatchSink* sink) : m_sink(sink && sink->deliver ? sink : nullptr) {}

void
KeptPoints::reserve(std::size_t estimate)
{
  // With a sink the first batch reserves room for all: address space only, the pages are never touched.
  m_dedup.reserve(m_current, estimate);
}

PointDedup::Added
KeptPoints::keep_last(std::size_t record)
{
  domain::complete_point(m_current.back());
  Sequence sequence(*this);
  const PointDedup::Added added = m_dedup.add_last(sequence, record);
  if (added.outcome == PointDedup::Outcome::added) {
    note_names(m_current.back());
  }
  if (m_sink && m_current.size() == k_batch_points) {
    hand_on();
  }
  return added;
}

void
KeptPoints::note_names(const domain::BenchmarkPoint& point)
{
  // A file holds many points but few models, mostly one after another.
  if ((m_models.empty() || m_models.back() != point.model)
      && std::find(m_models.begin(), m_models.end(), point.model) == m_models.end()) {
    m_models.push_back(point.model);
  }
  if (!m_hardware) {
    m_hardware = point.hardware;
  } else if (m_one_hardware && *m_hardware != point.hardware) {
    m_one_hardware = false;
  }
}

void
KeptPoints::hand_on()
{
  for (const domain::BenchmarkPoint& point : m_current) {
    m_handed_on_ids.add(point.result_id);
  }
  m_sink->deliver(std::move(m_current));
  m_current = m_sink->reuse ? m_sink->reuse() : std::vector<domain::BenchmarkPoint>{};
  m_current.clear();
  m_current.reserve(k_batch_points);
}

std::string_view
KeptPoints::result_id(std::size_t position) const
{
  const std::size_t handed_on = m_handed_on_ids.count();
  if (position < handed_on) {
    return m_handed_on_ids[position];
  }
  return m_current[position - handed_on].result_id;
}

bool
KeptPoints::contains(std::string_view id) const
{
  return m_dedup.contains(*this, id);
}

std::optional<std::string_view>
KeptPoints::shared_hardware() const
{
  if (!m_hardware || !m_one_hardware) {
    return std::nullopt;
  }
  return std::string_view(*m_hardware);
}

bool
KeptPoints::Sequence::same_as_last(std::size_t position) const
{
  const domain::BenchmarkPoint& last = m_kept.m_current.back();
  const std::size_t handed_on = m_kept.m_handed_on_ids.count();
  if (position < handed_on) {
    throw RepeatOfHandedOnPoint(last.result_id);
  }
  return m_kept.m_current[position - handed_on] == last;
}

}  // namespace infertrack::formats
