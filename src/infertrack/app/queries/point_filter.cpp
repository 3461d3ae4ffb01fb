#include "infertrack/app/queries/point_filter.hpp"

#include "infertrack/domain/name_aliases.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <fmt/format.h>

#include <algorithm>
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
  return !unstored_name(store, model_only);
}

std::string
unstored_text(const UnstoredName& unstored, std::string_view what)
{
  return fmt::format("no stored points for {} '{}' (stored: {})", what, unstored.name,
                     unstored.stored.empty() ? "none" : fmt::format("{}", fmt::join(unstored.stored, ", ")));
}

std::optional<UnstoredName>
unstored_name(store::Store& store, const store::PointFilter& filter)
{
  using Field = std::optional<std::string> store::PointFilter::*;
  struct Parameter
  {
    const char* name;
    Field field;
    store::ConfigurationName names;
  };
  static constexpr Parameter k_parameters[] = {
    {"model", &store::PointFilter::model, store::ConfigurationName::model},
    {"hardware", &store::PointFilter::hardware, store::ConfigurationName::hardware},
    {"framework", &store::PointFilter::framework, store::ConfigurationName::framework},
    {"precision", &store::PointFilter::precision, store::ConfigurationName::precision},
    {"spec_method", &store::PointFilter::spec_method, store::ConfigurationName::spec_method},
  };
  for (const Parameter& parameter : k_parameters) {
    const std::optional<std::string>& name = filter.*parameter.field;
    if (!name) {
      continue;
    }
    std::vector<std::string> stored = store.configuration_names(parameter.names);
    // Without case, as the store's filters compare a speculative-decoding method (the others are canonical).
    if (std::none_of(stored.begin(), stored.end(), [&](const std::string& s) { return util::ascii_iequals(s, *name); })) {
      return UnstoredName{parameter.name, *name, std::move(stored), parameter.field};
    }
  }
  return std::nullopt;
}

}  // namespace infertrack::app
