#include "infertrack/server/api/export_route.hpp"

#include "infertrack/app/queries/export_document.hpp"
#include "infertrack/server/api/history_route.hpp"
#include "infertrack/server/api/route_queries.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace infertrack::server::api {
namespace {

constexpr const char* k_route = "/api/v1/export/{kind}";
constexpr const char* k_format_param = "format";

http::Response
refusal(const ApiError& error)
{
  http::Response response = http::Response::error(error.status, error.code, error.detail);
  response.route = k_route;
  return response;
}

// The export's question, read from the parameters of the kind's own route.
tl::expected<app::ExportQuery, ApiError>
export_query(app::ExportKind kind, const QueryParams& params, store::Store& store)
{
  switch (kind) {
    case app::ExportKind::points: {
      API_TRY_ASSIGN(filter, checked_filter(params, {"runs"}, store, false));
      API_TRY_ASSIGN(runs, point_runs(params));
      return app::PointsQuery{std::move(filter), runs == PointRuns::latest};
    }
    case app::ExportKind::frontiers: {
      API_TRY_ASSIGN(query, frontier_query(params, store));
      if (query.curve.latency) {
        return tl::unexpected(ApiError{400, "bad_parameter",
                                       "x: an export reads interactivity; latency curves are at /api/v1/frontier"});
      }
      return query;
    }
    case app::ExportKind::interpolations: {
      API_TRY_ASSIGN(query, interpolation_query(params, store));
      if (query.curve.latency) {
        return tl::unexpected(ApiError{400, "bad_parameter",
                                       "x: an export reads interactivity; latency readings are at /api/v1/interpolate"});
      }
      return query;
    }
    case app::ExportKind::history: {
      // The export's own parameters (history's, but for paging) and the unknown-name answers every other kind gives,
      // before the history route's reading of them.
      const auto known =
        checked_filter(params, {"at", "x", "metric", "from", "to", "launch_date", "join_precisions"}, store, false);
      if (!known) {
        return tl::unexpected(known.error());
      }
      API_TRY_ASSIGN(query, history_query(params));
      return query;
    }
    case app::ExportKind::plans: {
      API_TRY_ASSIGN(query, plan_query(params, store));
      return query;
    }
  }
  return tl::unexpected(ApiError{500, "internal_error", "unhandled export kind"});
}

}  // namespace

http::Response
export_response(std::string_view kind_text, const http::Request& request, store::Store& store)
{
  const std::optional<app::ExportKind> kind = app::parse_export_kind(kind_text);
  if (!kind) {
    return refusal({404,
                    "unknown_export",
                    "no export of '" + std::string(kind_text)
                      + "' (expected points, frontiers, interpolations, history or plans)"});
  }
  // `format` is the export's own parameter; the rest are the kind's route's, checked by its reader.
  http::Request route_request = request;
  std::erase_if(route_request.query, [](const auto& entry) { return entry.first == k_format_param; });
  const auto given = request.query.size() - route_request.query.size();
  if (given > 1) {
    return refusal({400, "bad_parameter", "format: given more than once"});
  }
  app::ExportFormat format = app::ExportFormat::json;
  if (given == 1) {
    const auto entry = std::find_if(
      request.query.begin(), request.query.end(), [](const auto& entry) { return entry.first == k_format_param; });
    const auto parsed = app::parse_export_format(entry->second);
    if (!parsed) {
      return refusal({400, "bad_parameter", "format: expected csv or json (got '" + entry->second + "')"});
    }
    format = *parsed;
  }
  const QueryParams params(route_request);
  auto query = export_query(*kind, params, store);
  if (!query) {
    return refusal(query.error());
  }
  auto document = app::begin_export(store, *query, format);
  if (!document) {
    // Only a plan can fail past its parameters.
    return refusal(plan_error(document.error(), std::get<app::PlanQuery>(*query)));
  }
  http::Response response;
  response.status = 200;
  response.content_type = document->content_type();
  response.body = std::move(document->text);
  response.body_parts = std::move(document->more); // the points of every run, a page at a time
  response.headers.emplace_back("Content-Disposition", "attachment; filename=\"" + document->file_name() + "\"");
  response.route = k_route;
  response.cache_control = "no-store"; // each export records when it was made
  return response;
}

}  // namespace infertrack::server::api
