#include "infertrack/app/point_filter.hpp"

#include "infertrack/domain/name_aliases.hpp"

namespace infertrack::app {

store::PointFilter
canonical_filter(store::PointFilter filter)
{
  if (filter.model) {
    filter.model = domain::canonical_model(*filter.model);
  }
  if (filter.hardware) {
    filter.hardware = domain::canonical_hardware(*filter.hardware);
  }
  if (filter.framework) {
    filter.framework = domain::canonical_framework(*filter.framework);
  }
  if (filter.precision) {
    filter.precision = domain::canonical_precision(*filter.precision);
  }
  return filter;
}

nlohmann::json
filter_json(const store::PointFilter& filter)
{
  nlohmann::json json = nlohmann::json::object();
  const std::pair<const char*, const std::optional<std::string>*> names[] = {
    {"model", &filter.model},         {"hardware", &filter.hardware},       {"framework", &filter.framework},
    {"precision", &filter.precision}, {"spec_method", &filter.spec_method}, {"date", &filter.date},
    {"as_of", &filter.as_of}};
  for (const auto& [name, value] : names) {
    if (*value) {
      json[name] = **value;
    }
  }
  if (filter.disaggregated) {
    json["disaggregated"] = *filter.disaggregated;
  }
  return json;
}

}  // namespace infertrack::app
