#include "infertrack/app/history_query.hpp"

#include <utility>

namespace infertrack::app {

std::vector<HistoryRow>
history(store::Store& store, const HistoryQuery& query)
{
  const std::vector<domain::BenchmarkPoint> points = store.points(query.filter);
  std::vector<HistoryRow> rows;
  for (domain::HistorySeries& series : domain::build_history(points, query.options)) {
    HistoryRow row;
    if (query.from && query.to) {
      row.between = domain::improvement_between(series, *query.from, *query.to);
    }
    row.series = std::move(series);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace infertrack::app
