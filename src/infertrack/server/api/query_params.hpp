#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace infertrack::server::api {

// The parameter names every configuration-filtered route accepts (named like the CLI flags).
inline constexpr std::array<std::string_view, 8> k_filter_params = {
  "model", "hardware", "framework", "precision", "spec_method", "disaggregated", "date", "as_of"};

// Whether a route takes the configuration filters.
enum class FilterParams
{
  accepted,
  refused,
};

// A request's query parameters, checked against what a route accepts: every failure is a diagnostic whose
// field names the parameter, for a 400 answer.
class QueryParams
{
public:
  explicit QueryParams(const http::Request& request) : m_request(request) {}

  // Fails on the first parameter that is neither in `extra` nor a filter the route takes, is given twice, or whose
  // value is not UTF-8 text.
  util::Result<bool> check_names(std::initializer_list<std::string_view> extra, FilterParams filters) const;

  std::optional<std::string> text(std::string_view name) const;
  util::Result<std::optional<double>> number(std::string_view name) const;
  util::Result<std::optional<std::int64_t>> integer(std::string_view name) const;
  util::Result<std::optional<bool>> boolean(std::string_view name) const;
  util::Result<std::optional<std::string>> date(std::string_view name) const;

  // The configuration filters (k_filter_params), names canonicalised.
  util::Result<store::PointFilter> filter() const;

private:
  const http::Request& m_request;
};

}  // namespace infertrack::server::api
