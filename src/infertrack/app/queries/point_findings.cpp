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

nlohmann::json
PointFindings::points_json(std::span<const domain::BenchmarkPoint> points) const
{
  nlohmann::json list = nlohmann::json::array();
  for (const domain::BenchmarkPoint& point : points) {
    list.push_back(point_detail_json(point, of(point.result_id)));
  }
  return list;
}

}  // namespace infertrack::app
