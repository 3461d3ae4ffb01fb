#include "infertrack/server/api/compare_route.hpp"

#include <utility>

namespace infertrack::server::api {
namespace {

constexpr const char* k_route = "/api/v1/compare";

}  // namespace

tl::expected<app::CompareQuery, ApiError>
compare_query(const QueryParams& params)
{
  if (auto checked = params.check_names({"a", "b", "at", "demand", "utilization", "as_of", "cost_per_gpu_hour",
                                         "kw_per_gpu", "gpus_per_rack", "format"},
                                        FilterParams::refused);
      !checked) {
    return tl::unexpected(bad_parameter(checked.error()));
  }
  app::CompareQuery query;
  for (const auto& [name, target] : {std::pair{"a", &query.a}, std::pair{"b", &query.b}}) {
    const std::optional<std::string> text = params.text(name);
    if (!text || text->empty()) {
      return tl::unexpected(ApiError{400, "bad_parameter",
                                     std::string(name) + ": required, a configuration such as "
                                                         "'DeepSeek-V4-Pro mi355x sglang fp8 none agg 8192/1024'"});
    }
    *target = *text;
  }
  API_TRY_ASSIGN(at, param(params.number("at")));
  query.at = at.value_or(app::k_default_compare_target);
  query.demand = params.text("demand").value_or(app::k_default_compare_demand);
  API_TRY_ASSIGN(utilization, param(params.number("utilization")));
  query.utilization = utilization.value_or(app::k_default_utilization);
  API_TRY_ASSIGN(as_of, param(params.date("as_of")));
  query.as_of = as_of;
  app::PlanQuery figures;
  if (auto read = app::read_plan_figures(figures, params.text("cost_per_gpu_hour"), params.text("kw_per_gpu"),
                                         params.text("gpus_per_rack"));
      !read) {
    return tl::unexpected(bad_parameter(read.error()));
  }
  query.cost_per_gpu_hour = figures.cost_per_gpu_hour;
  query.kw_per_gpu = figures.kw_per_gpu;
  query.gpus_per_rack = figures.gpus_per_rack;
  return query;
}

ApiError
compare_error(const app::CompareError& error)
{
  ApiError api = bad_parameter(error.diagnostic);
  if (error.refusal == app::CompareRefusal::unknown) {
    api.status = 404;
    api.code = "unknown_configuration";
  } else if (error.refusal == app::CompareRefusal::ambiguous) {
    api.code = "ambiguous_configuration";
  }
  return api;
}

http::Response
compare_response(const http::Request& request, store::Store& store)
{
  const QueryParams params(request);
  http::Response response;
  const auto refused = [&](const ApiError& error) {
    response = http::Response::error(error.status, error.code, error.detail);
  };
  const std::string format = params.text("format").value_or("json");
  auto query = compare_query(params);
  if (!query) {
    refused(query.error());
  } else if (format != "json" && format != "csv") {
    refused(ApiError{400, "bad_parameter", "format: expected csv or json (got '" + format + "')"});
  } else if (auto answer = app::compare(store, *query); !answer) {
    refused(compare_error(answer.error()));
  } else if (format == "csv") {
    response.status = 200;
    response.content_type = "text/csv; charset=utf-8";
    response.body = app::compare_csv(*answer);
    response.headers.emplace_back("Content-Disposition",
                                  "attachment; filename=\"" + app::compare_file_name(*answer, "csv") + "\"");
  } else {
    response = http::Response::json(200, app::compare_json(*answer).dump());
  }
  response.route = k_route;
  response.cache_control = "no-store"; // the provenance records when the answer was made
  return response;
}

}  // namespace infertrack::server::api
