#include "infertrack/formats/kept_points.hpp"

#include "infertrack/domain/data_quality.hpp"

namespace infertrack::formats {

KeptPoints::KeptPoints(const PointBatchSink* sink) : m_sink(sink && *sink ? sink : nullptr) {}

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
  if (m_sink && m_current.size() == k_batch_points) {
    m_sent.push_back(m_current.data());
    (*m_sink)(std::move(m_current));
    m_current = {};
    m_current.reserve(k_batch_points);
  }
  return added;
}

const domain::BenchmarkPoint&
KeptPoints::operator[](std::size_t position) const
{
  const std::size_t batch = position / k_batch_points;
  if (batch < m_sent.size()) {
    return m_sent[batch][position % k_batch_points];
  }
  return m_current[position - m_sent.size() * k_batch_points];
}

}  // namespace infertrack::formats
