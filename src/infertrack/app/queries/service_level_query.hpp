#pragma once

#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/domain/service_level.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <span>
#include <string>
#include <vector>

namespace infertrack::app {

// "Which operating point of each configuration meets this service-level target?", over the points `filter`
// selects (the latest run of each configuration, or the run of its dates).
struct ServiceLevelQuery
{
  store::PointFilter filter;
  domain::ServiceLevelTarget target;
  domain::CurveOptions curve; // its metric and interactivity basis; `latency` is not used
};

struct ServiceLevelResult
{
  std::vector<domain::BenchmarkPoint> points; // the runs read
  std::vector<domain::ServiceLevelAnswer> answers;
};

ServiceLevelResult answer_service_level(store::Store& store, const ServiceLevelQuery& query);

// One answer as the API and `--json` give it: the configuration, each limit's reading (statistic, state, cap,
// brackets), the binding limit, the operating point, the best measured point meeting every limit and its goodput.
nlohmann::json to_json(const domain::ServiceLevelTarget& target, const domain::ServiceLevelAnswer& answer);
nlohmann::json service_level_json(const domain::ServiceLevelTarget& target,
                                  std::span<const domain::ServiceLevelAnswer> answers);
// The service-level presets as GET /api/v1/slo/presets lists them: [{key, label, slo}], in their order.
nlohmann::json service_level_presets_json();
std::string service_level_csv(const domain::ServiceLevelTarget& target,
                              std::span<const domain::ServiceLevelAnswer> answers);

}  // namespace infertrack::app
