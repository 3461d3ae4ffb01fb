#include "infertrack/app/queries/history_query.hpp"

#include "infertrack/domain/frontier_sample.hpp"
#include "infertrack/domain/history_frontiers.hpp"

#include <algorithm>
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

HistoryAnswer
history_rows(const domain::HistoryFrontiers& frontiers, const HistoryQuery& query)
{
  HistoryAnswer answer;
  std::vector<domain::HistorySeries> page;
  if (query.join_precisions) {
    // Pages count the groups, found from the configurations' keys: only the page's groups are read.
    const std::vector<std::vector<std::size_t>> groups = domain::precision_groups(frontiers);
    answer.configurations = groups.size();
    const std::size_t first = std::min(query.offset, groups.size());
    const std::size_t last = first + std::min(query.limit.value_or(groups.size()), groups.size() - first);
    for (std::size_t g = first; g < last; ++g) {
      page.push_back(domain::join_precisions(domain::read_history(frontiers, query.options, groups[g])));
    }
  } else {
    answer.configurations = frontiers.configuration_count();
    page = domain::read_history(frontiers, query.options, query.offset, query.limit.value_or(answer.configurations));
  }
  for (domain::HistorySeries& series : page) {
    HistoryRow& row = answer.rows.emplace_back();
    if (query.from && query.to) {
      row.between = domain::improvement_between(series, *query.from, *query.to);
    }
    row.series = std::move(series);
  }
  return answer;
}

HistoryAnswer
history(store::Store& store, const HistoryQuery& query)
{
  return history_rows(history_frontiers(store, query), query);
}

HistoryAnswer
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

util::Result<void>
check_history_dates(const HistoryQuery& query)
{
  if (query.from.has_value() != query.to.has_value()) {
    // Worded for the API's parameters and the command's flags alike.
    return query.from ? util::fail("", "to", "required as well: an improvement is between two run dates (a from "
                                             "date is given)")
                      : util::fail("", "from", "required as well: an improvement is between two run dates (a to "
                                               "date is given)");
  }
  // ISO dates compare as text.
  if (query.from && *query.to < *query.from) {
    return util::fail("", "to", "must not be before from, the earlier run date (got from " + *query.from + ", to "
                                  + *query.to + ")");
  }
  return {};
}

}  // namespace infertrack::app
