#include "infertrack/app/history_query.hpp"

#include "infertrack/app/configuration_filters.hpp"

#include <utility>

namespace infertrack::app {

std::vector<HistoryRow>
history(store::Store& store, const HistoryQuery& query)
{
  // A series never spans two configuration groups, and groups come in configuration order, so building
  // each group's series apart gives the same rows as building them from every point at once, while only
  // one group's points are held (a model's whole history can be tens of thousands of points).
  std::vector<HistoryRow> rows;
  for (const store::PointFilter& group : configuration_filters(store, query.filter)) {
    const std::vector<domain::BenchmarkPoint> points = store.points(group);
    for (domain::HistorySeries& series : domain::build_history(points, query.options)) {
      HistoryRow row;
      if (query.from && query.to) {
        row.between = domain::improvement_between(series, *query.from, *query.to);
      }
      row.series = std::move(series);
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

}  // namespace infertrack::app
