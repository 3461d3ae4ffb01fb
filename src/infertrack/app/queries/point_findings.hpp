#pragma once

#include "infertrack/domain/data_finding.hpp"
#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::app {

// The data-quality findings of a list of points, found by result id: what puts each finding beside its point
// in a listing (the points API, `points`, the points export).
class PointFindings
{
public:
  // The stored findings of `points`.
  PointFindings(store::Store& store, std::span<const domain::BenchmarkPoint> points);

  // The findings of the point `result_id` (none for a point not in the list).
  std::span<const domain::DataFinding> of(std::string_view result_id) const;

  // Each point as point_detail_json gives it, with its findings: the text of a JSON array.
  std::string points_json(std::span<const domain::BenchmarkPoint> points) const;
  // The same items appended to an array being written a page at a time: a comma before each, but for the array's
  // first item when `first` (these points open it).
  void append_points_json(std::string& text, std::span<const domain::BenchmarkPoint> points, bool first) const;

private:
  std::vector<domain::DataFinding> m_findings; // by result id
};

}  // namespace infertrack::app
