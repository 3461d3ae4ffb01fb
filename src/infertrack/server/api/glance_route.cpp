#include "infertrack/server/api/glance_route.hpp"

#include "infertrack/app/queries/glance_query.hpp"
#include "infertrack/server/api/route_queries.hpp"

#include <utility>

namespace infertrack::server::api {
namespace {

constexpr const char* k_route = "/api/v1/glance";

enum class GlanceFormat
{
  json,
  csv,
};

struct GlanceRequest
{
  app::GlanceQuery query;
  GlanceFormat format = GlanceFormat::json;
};

tl::expected<GlanceRequest, ApiError>
glance_request(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(filter, checked_filter(params, {"x", "metric", "format"}, store, true));
  API_TRY_ASSIGN(options, interactivity_curve_options(params, "the glance table"));
  GlanceRequest request{{std::move(filter), std::move(options)}};
  const std::string format = params.text("format").value_or("json");
  if (format == "csv") {
    request.format = GlanceFormat::csv;
  } else if (format != "json") {
    return tl::unexpected(ApiError{400, "bad_parameter", "format: expected csv or json (got '" + format + "')"});
  }
  return request;
}

}  // namespace

http::Response
glance_response(const http::Request& request, store::Store& store)
{
  const QueryParams params(request);
  const auto asked = glance_request(params, store);
  http::Response response;
  if (!asked) {
    response = http::Response::error(asked.error().status, asked.error().code, asked.error().detail);
  } else {
    const app::GlanceAnswer answer = app::glance(store, asked->query);
    if (asked->format == GlanceFormat::csv) {
      response.status = 200;
      response.content_type = "text/csv; charset=utf-8";
      response.body = app::glance_csv(answer, app::CsvProvenance::included);
      response.headers.emplace_back("Content-Disposition",
                                    "attachment; filename=\"" + app::glance_csv_file_name(answer) + "\"");
    } else {
      response = http::Response::json(200, app::glance_json(answer).dump());
    }
  }
  response.route = k_route;
  response.cache_control = "no-store"; // the provenance records when the answer was made
  return response;
}

}  // namespace infertrack::server::api
