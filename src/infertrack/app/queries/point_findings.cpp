#include "infertrack/app/queries/point_findings.hpp"

#include "infertrack/app/queries/json_views.hpp"

#include <algorithm>
#include <functional>

namespace infertrack::app {

PointFindings::PointFindings(store::Store& store, std::span<const domain::BenchmarkPoint> points)
{
  std::vector<std::string_view> ids;
  ids.reserve(points.size());
  for (const domain::BenchmarkPoint& point : points) {
    ids.push_back(point.result_id);
  }
  m_findings = store.findings_of(ids);
  std::ranges::stable_sort(m_findings, std::less{}, &domain::DataFinding::result_id);
}

std::span<const domain::DataFinding>
PointFindings::of(std::string_view result_id) const
{
  const auto found = std::ranges::equal_range(
    m_findings, result_id, std::less{}, [](const domain::DataFinding& finding) { return std::string_view(finding.result_id); });
  return {found.begin(), found.end()};
}

std::string
PointFindings::points_json(std::span<const domain::BenchmarkPoint> points) const
{
  std::string text = "[";
  append_points_json(text, points, true);
  return text + "]";
}

void
PointFindings::append_points_json(std::string& text, std::span<const domain::BenchmarkPoint> points, bool first) const
{
  // Each point's text as it is made: a tree of every point at once took ten times the text's memory.
  for (const domain::BenchmarkPoint& point : points) {
    if (!first) {
      text += ',';
    }
    first = false;
    text += point_detail_json(point, of(point.result_id)).dump();
  }
}

}  // namespace infertrack::app
