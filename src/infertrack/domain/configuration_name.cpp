#include "infertrack/domain/configuration_name.hpp"

#include "infertrack/util/iso_date.hpp"

#include <array>
#include <vector>

namespace infertrack::domain {
namespace {

constexpr std::string_view k_any = "*";
constexpr std::size_t k_field_count = 7; // model to workload, as ConfigGroupKey::label() lists them
constexpr std::array<std::string_view, k_field_count> k_field_names = {
  "model", "hardware", "framework", "precision", "spec_method", "layout", "workload"};

std::vector<std::string_view>
words(std::string_view text)
{
  std::vector<std::string_view> list;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t start = text.find_first_not_of(' ', at);
    if (start == std::string_view::npos) {
      break;
    }
    const std::size_t end = std::min(text.find(' ', start), text.size());
    list.push_back(text.substr(start, end - start));
    at = end;
  }
  return list;
}

std::optional<std::string>
field(std::string_view word)
{
  return word == k_any ? std::nullopt : std::optional<std::string>(word);
}

bool
open_or_equal(const std::optional<std::string>& wanted, const std::string& value)
{
  return !wanted || *wanted == value;
}

}  // namespace

util::Result<ConfigurationName>
parse_configuration_name(std::string_view text)
{
  std::vector<std::string_view> list = words(text);
  if (list.empty()) {
    return util::fail("", "model", "empty: expected e.g. 'DeepSeek-V4-Pro mi355x sglang fp8 none agg 8192/1024'");
  }
  ConfigurationName name;
  // Only a date is a date: no model, hardware or workload name is spelt YYYY-MM-DD.
  if (list.size() > 1 && util::is_iso_date(list.back())) {
    name.date = std::string(list.back());
    list.pop_back();
  } else if (list.size() > k_field_count) {
    return util::fail("", "date",
                      "expected a run date YYYY-MM-DD after the seven fields (got '" + std::string(list.back()) + "')");
  }
  if (list.size() > k_field_count) {
    return util::fail("", "name", "more than seven fields before the date");
  }
  if (list[0] == k_any) {
    return util::fail("", "model", "must be named, not '*'");
  }
  name.model = std::string(list[0]);
  std::optional<std::string>* fields[] = {&name.hardware, &name.framework, &name.precision, &name.spec_method};
  for (std::size_t i = 1; i < list.size(); ++i) {
    // Written back with the open fields after it left out, a date-spelt field would read as the run date.
    if (util::is_iso_date(list[i])) {
      return util::fail("", std::string(k_field_names[i]),
                        "a run date goes last, after the fields (got '" + std::string(list[i]) + "')");
    }
    if (i <= 4) {
      *fields[i - 1] = field(list[i]);
    } else if (i == 5) {
      if (list[i] == "agg" || list[i] == "disagg") {
        name.disaggregated = list[i] == "disagg";
      } else if (list[i] != k_any) {
        return util::fail("", std::string(k_field_names[i]),
                          "expected agg, disagg or * (got '" + std::string(list[i]) + "')");
      }
    } else {
      name.workload = field(list[i]);
    }
  }
  return name;
}

bool
matches(const ConfigurationName& name, const ConfigGroupKey& group)
{
  return name.model == group.model && open_or_equal(name.hardware, group.hardware) &&
         open_or_equal(name.framework, group.framework) && open_or_equal(name.precision, group.precision) &&
         open_or_equal(name.spec_method, group.spec_method) &&
         (!name.disaggregated || *name.disaggregated == group.disaggregated) &&
         open_or_equal(name.workload, group.workload);
}

std::string
to_string(const ConfigurationName& name)
{
  const std::optional<std::string> layout =
    name.disaggregated ? std::optional<std::string>(*name.disaggregated ? "disagg" : "agg") : std::nullopt;
  const std::array<const std::optional<std::string>*, k_field_count - 1> rest = {
    &name.hardware, &name.framework, &name.precision, &name.spec_method, &layout, &name.workload};
  std::size_t given = 0;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i]->has_value()) {
      given = i + 1;
    }
  }
  std::string text = name.model;
  for (std::size_t i = 0; i < given; ++i) {
    text += ' ';
    text += rest[i]->value_or(std::string(k_any));
  }
  if (name.date) {
    text += ' ' + *name.date;
  }
  return text;
}

std::string
configuration_name(const ConfigGroupKey& group, NameDate date)
{
  return date == NameDate::included ? group.label() : group.without_date().label();
}

}  // namespace infertrack::domain
