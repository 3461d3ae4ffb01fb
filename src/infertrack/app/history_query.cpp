#include "infertrack/app/history_query.hpp"

#include "infertrack/app/configuration_filters.hpp"

#include <utility>

namespace infertrack::app {

domain::HistoryFrontiers
history_frontiers(store::Store& store, const HistoryQuery& query)
{
  // A series never spans two configuration groups, and groups come in configuration order, so adding each
  // group's runs apart gives the same frontiers as adding every point at once, while only one group's
  // points are held (a model's whole history can be tens of thousands of points).
  domain::HistoryFrontiers frontiers(query.options.basis, query.options.metric);
  for (const store::PointFilter& group : configuration_filters(store, query.filter)) {
    frontiers.add(store.points(group));
  }
  return frontiers;
}

std::vector<HistoryRow>
history_rows(const domain::HistoryFrontiers& frontiers, const HistoryQuery& query)
{
  std::vector<HistoryRow> rows;
  for (domain::HistorySeries& series : domain::read_history(frontiers, query.options)) {
    HistoryRow row;
    if (query.from && query.to) {
      row.between = domain::improvement_between(series, *query.from, *query.to);
    }
    row.series = std::move(series);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<HistoryRow>
history(store::Store& store, const HistoryQuery& query)
{
  return history_rows(history_frontiers(store, query), query);
}

std::vector<HistoryRow>
history(store::Store& store, const HistoryQuery& query, HistoryCache& cache)
{
  const auto frontiers = cache.frontiers(
    query.filter, query.options.basis, query.options.metric, store.data_version(), [&] {
      domain::HistoryFrontiers built = history_frontiers(store, query);
      built.shrink_to_fit();
      return built;
    });
  return history_rows(*frontiers, query);
}

}  // namespace infertrack::app
