#include "infertrack/app/point_filter.hpp"

#include "infertrack/domain/name_aliases.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <algorithm>
#include <set>
#include <utility>

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

util::Result<void>
check_filter_dates(const store::PointFilter& filter)
{
  if (filter.date && filter.as_of && *filter.date > *filter.as_of) {
    return util::fail("", "date",
                      "run date " + *filter.date + " is after the as-of date " + *filter.as_of + ": no run can match");
  }
  return {};
}

util::Result<void>
check_filter_names(const store::PointFilter& filter)
{
  if (filter.model && util::trim(*filter.model).empty()) {
    return util::fail("", "model", "expected a model name (got an empty value)");
  }
  for (const auto& [name, value] : {std::pair{"model", &filter.model}, std::pair{"hardware", &filter.hardware},
                                    std::pair{"framework", &filter.framework}, std::pair{"precision", &filter.precision},
                                    std::pair{"spec_method", &filter.spec_method}}) {
    if (!*value) {
      continue;
    }
    if (util::trim(**value).empty()) {
      return util::fail("", name, "expected a name (got an empty value; leave it out for any)");
    }
    // Stored names never hold one (the readers refuse them): such a filter could only match nothing.
    if (std::any_of((*value)->begin(), (*value)->end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
      return util::fail("", name, "expected a name (got a control character, which no stored name holds)");
    }
  }
  return {};
}

std::string
filter_summary(const store::PointFilter& filter)
{
  std::string text = filter.model.value_or("every model");
  for (const auto* value : {&filter.hardware, &filter.framework, &filter.precision, &filter.spec_method}) {
    if (*value) {
      text += ", " + **value;
    }
  }
  if (filter.disaggregated) {
    text += *filter.disaggregated ? ", disaggregated" : ", aggregated";
  }
  if (filter.as_of) {
    text += ", as of " + *filter.as_of;
  }
  return text;
}

bool
model_is_stored(store::Store& store, const std::string& model)
{
  store::PointFilter model_only;
  model_only.model = model;
  return !store.latest_points(model_only).empty();
}

std::optional<UnstoredName>
unstored_name(store::Store& store, const store::PointFilter& filter)
{
  using Field = std::optional<std::string> store::PointFilter::*;
  using Name = const std::string& (*)(const domain::BenchmarkPoint&);
  struct Parameter
  {
    const char* name;
    Field field;
    Name of_point;
  };
  static constexpr Parameter k_parameters[] = {
    {"model", &store::PointFilter::model, [](const domain::BenchmarkPoint& p) -> const std::string& { return p.model; }},
    {"hardware", &store::PointFilter::hardware,
     [](const domain::BenchmarkPoint& p) -> const std::string& { return p.hardware; }},
    {"framework", &store::PointFilter::framework,
     [](const domain::BenchmarkPoint& p) -> const std::string& { return p.framework; }},
    {"precision", &store::PointFilter::precision,
     [](const domain::BenchmarkPoint& p) -> const std::string& { return p.precision; }},
    {"spec_method", &store::PointFilter::spec_method,
     [](const domain::BenchmarkPoint& p) -> const std::string& { return p.spec_method; }},
  };
  for (const Parameter& parameter : k_parameters) {
    const std::optional<std::string>& name = filter.*parameter.field;
    if (!name) {
      continue;
    }
    store::PointFilter alone;
    alone.*parameter.field = name;
    if (!store.latest_points(alone).empty()) {
      continue;
    }
    // Every configuration's latest run is read only here, on the way to a refusal.
    std::set<std::string> stored;
    for (const domain::BenchmarkPoint& point : store.latest_points({})) {
      stored.insert(parameter.of_point(point));
    }
    return UnstoredName{parameter.name, *name, {stored.begin(), stored.end()}};
  }
  return std::nullopt;
}

}  // namespace infertrack::app
