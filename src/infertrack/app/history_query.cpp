#include "infertrack/app/history_query.hpp"

#include "infertrack/domain/frontier_sample.hpp"
#include "infertrack/domain/history_frontiers.hpp"

#include <utility>

namespace infertrack::app {

domain::HistoryFrontiers
history_frontiers(store::Store& store, const HistoryQuery& query)
{
  // Only the columns a history reads, in whatever order the store reads them fastest: the builder keeps
  // about 50 bytes of each point rather than every point whole.
  domain::HistoryFrontiers frontiers(query.options.basis, query.options.metric);
  domain::HistoryFrontiers::Builder builder(frontiers);
  store.frontier_samples(query.filter, query.options.metric,
                         [&](const domain::FrontierSample& sample) { builder.add(sample); });
  builder.finish();
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
