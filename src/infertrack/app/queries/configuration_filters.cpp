#include "infertrack/app/queries/configuration_filters.hpp"

#include <set>
#include <string>
#include <tuple>
#include <utility>

namespace infertrack::app {

std::vector<store::PointFilter>
configuration_filters(store::Store& store, const store::PointFilter& filter)
{
  // Every group with a point `filter` matches has a latest run that it matches too (as_of and date narrow
  // both alike), so the latest runs name every group. The set orders them as the store lists points:
  // text compares bytewise in both, and false sorts before true as 0 before 1.
  using Group = std::tuple<std::string, std::string, std::string, std::string, std::string, bool>;
  std::set<Group> groups;
  for (domain::BenchmarkPoint& point : store.latest_points(filter)) {
    groups.emplace(std::move(point.model), std::move(point.hardware), std::move(point.framework),
                   std::move(point.precision), std::move(point.spec_method), point.disaggregated);
  }
  std::vector<store::PointFilter> filters;
  filters.reserve(groups.size());
  for (const auto& [model, hardware, framework, precision, spec_method, disaggregated] : groups) {
    store::PointFilter group = filter;
    group.model = model;
    group.hardware = hardware;
    group.framework = framework;
    group.precision = precision;
    group.spec_method = spec_method;
    group.disaggregated = disaggregated;
    filters.push_back(std::move(group));
  }
  return filters;
}

}  // namespace infertrack::app
