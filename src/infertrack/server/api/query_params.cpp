#include "infertrack/server/api/query_params.hpp"

#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/domain/account_rules.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/util/iso_date.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace infertrack::server::api {

util::Result<bool>
QueryParams::check_names(std::initializer_list<std::string_view> extra, FilterParams filters) const
{
  const auto& query = m_request.query;
  for (std::size_t i = 0; i < query.size(); ++i) {
    const std::string& name = query[i].first;
    bool known = std::find(extra.begin(), extra.end(), name) != extra.end();
    if (filters == FilterParams::accepted) {
      known |= std::find(k_filter_params.begin(), k_filter_params.end(), name) != k_filter_params.end();
    }
    if (!known) {
      std::vector<std::string_view> expected(extra);
      if (filters == FilterParams::accepted) {
        expected.insert(expected.end(), k_filter_params.begin(), k_filter_params.end());
      }
      const std::string names = expected.empty() ? "none" : fmt::format("{}", fmt::join(expected, ", "));
      if (name.empty()) {
        return util::fail("", "", fmt::format("a parameter without a name (got '={}'; expected name=value, the names "
                                              "being {})", query[i].second, names));
      }
      return util::fail("", name, fmt::format("unknown parameter (expected {})", names));
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (query[j].first == name) {
        return util::fail("", name, "given more than once");
      }
    }
    // Values are compared with stored UTF-8 names and written back into JSON answers.
    if (!domain::is_valid_utf8(query[i].second)) {
      return util::fail("", name, "not UTF-8 text (percent-encode the bytes of UTF-8 characters)");
    }
  }
  return true;
}

std::optional<std::string>
QueryParams::text(std::string_view name) const
{
  const auto value = m_request.query_value(name);
  return value ? std::optional<std::string>(*value) : std::nullopt;
}

util::Result<std::optional<double>>
QueryParams::number(std::string_view name) const
{
  const auto value = m_request.query_value(name);
  if (!value) {
    return std::optional<double>();
  }
  double number = 0;
  const auto [end, error] = std::from_chars(value->data(), value->data() + value->size(), number);
  const bool whole = end == value->data() + value->size();
  // from_chars also reports a number too close to zero (1e-400) as out of range: say which end it is out of.
  const bool tiny =
    error == std::errc::result_out_of_range && std::abs(std::strtod(std::string(*value).c_str(), nullptr)) < 1;
  if (whole && tiny) {
    return util::fail("", std::string(name), fmt::format("number out of range (got '{}', too close to zero)", *value));
  }
  if (whole && (error == std::errc::result_out_of_range || (error == std::errc() && std::isfinite(number) &&
                                                            std::abs(number) > formats::k_max_number_magnitude))) {
    // As the CLI and the input files bound numbers: past it, sums and products lose every digit that matters.
    return util::fail("", std::string(name), fmt::format("number out of range (got '{}', expected a finite number{})",
                                                         *value, formats::k_max_number_magnitude_words));
  }
  if (error != std::errc() || !whole || !std::isfinite(number)) {
    return util::fail("", std::string(name), fmt::format("expected a finite number (got '{}')", *value));
  }
  return std::optional<double>(number);
}

util::Result<std::optional<std::int64_t>>
QueryParams::integer(std::string_view name) const
{
  const auto value = m_request.query_value(name);
  if (!value) {
    return std::optional<std::int64_t>();
  }
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(value->data(), value->data() + value->size(), number);
  if (error == std::errc::result_out_of_range && end == value->data() + value->size()) {
    return util::fail("", std::string(name), fmt::format("number out of range (got '{}', expected a whole number{})",
                                                         *value, formats::k_max_number_magnitude_words));
  }
  if (error != std::errc() || end != value->data() + value->size()) {
    return util::fail("", std::string(name), fmt::format("expected a whole number (got '{}')", *value));
  }
  return std::optional<std::int64_t>(number);
}

util::Result<std::optional<bool>>
QueryParams::boolean(std::string_view name) const
{
  const auto value = m_request.query_value(name);
  if (!value) {
    return std::optional<bool>();
  }
  if (*value != "true" && *value != "false") {
    return util::fail("", std::string(name), fmt::format("expected true or false (got '{}')", *value));
  }
  return std::optional<bool>(*value == "true");
}

util::Result<std::optional<std::string>>
QueryParams::date(std::string_view name) const
{
  const auto value = m_request.query_value(name);
  if (!value) {
    return std::optional<std::string>();
  }
  if (!util::is_iso_date(*value)) {
    return util::fail("", std::string(name), fmt::format("expected a date as YYYY-MM-DD (got '{}')", *value));
  }
  return std::optional<std::string>(*value);
}

util::Result<store::PointFilter>
QueryParams::filter() const
{
  store::PointFilter filter;
  filter.model = text("model");
  filter.hardware = text("hardware");
  filter.framework = text("framework");
  filter.precision = text("precision");
  filter.spec_method = text("spec_method");
  INFERTRACK_TRY(app::check_filter_names(filter));
  INFERTRACK_TRY_ASSIGN(disaggregated, boolean("disaggregated"));
  filter.disaggregated = disaggregated;
  INFERTRACK_TRY_ASSIGN(date_value, date("date"));
  filter.date = date_value;
  INFERTRACK_TRY_ASSIGN(as_of, date("as_of"));
  filter.as_of = as_of;
  INFERTRACK_TRY(app::check_filter_dates(filter));
  return app::canonical_filter(std::move(filter));
}

}  // namespace infertrack::server::api
