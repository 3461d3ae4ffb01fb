#include "infertrack/app/queries/service_level_query.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/domain/service_level_presets.hpp"
#include "infertrack/util/csv_field.hpp"

#include <fmt/core.h>

namespace infertrack::app {
namespace {

std::string
number_text(const std::optional<double>& value)
{
  return value ? fmt::format("{}", *value) : std::string();
}

}  // namespace

ServiceLevelResult
answer_service_level(store::Store& store, const ServiceLevelQuery& query)
{
  ServiceLevelResult result;
  result.points = store.latest_points(query.filter);
  result.answers = domain::evaluate_service_level(result.points, query.target, query.curve);
  return result;
}

nlohmann::json
to_json(const domain::ServiceLevelTarget& target, const domain::ServiceLevelAnswer& answer)
{
  nlohmann::json limits = nlohmann::json::array();
  for (const domain::LimitReading& reading : answer.limits) {
    const domain::ServiceLimit& limit = target.limits[reading.limit];
    limits.push_back({{"limit", limit.text},
                      {"statistic", optional_json(reading.statistic)},
                      {"unit", limit.latency ? "s" : "tok/s/user"},
                      {"value", limit.value},
                      {"reading", reading.reading ? to_json(*reading.reading) : nlohmann::json(nullptr)},
                      {"binding", answer.binding == reading.limit}});
  }
  nlohmann::json measured = nullptr;
  if (answer.measured) {
    const auto& goodput = answer.measured->goodput;
    measured = {{"result_id", answer.measured->result_id},
                {"tps_per_gpu", answer.measured->throughput},
                {"goodput",
                 goodput ? nlohmann::json{{"share_of_requests_at_least", goodput->share},
                                          {"tps_per_gpu_at_least", goodput->throughput},
                                          {"basis", goodput->basis}}
                         : nlohmann::json(nullptr)}};
  }
  nlohmann::json json = to_json(answer.group);
  json.update({{"configuration", answer.group.label()},
               {"run_date", answer.group.date},
               {"metric", domain::to_string(answer.metric)},
               {"limits", std::move(limits)},
               {"tps_per_gpu", optional_json(answer.throughput)},
               {"binding_limit",
                answer.binding ? nlohmann::json(target.limits[*answer.binding].text) : nlohmann::json(nullptr)},
               {"measured", std::move(measured)},
               {"none_reason", optional_json(answer.none_reason)}});
  return json;
}

nlohmann::json
service_level_json(const domain::ServiceLevelTarget& target, std::span<const domain::ServiceLevelAnswer> answers)
{
  nlohmann::json rows = nlohmann::json::array();
  for (const domain::ServiceLevelAnswer& answer : answers) {
    rows.push_back(to_json(target, answer));
  }
  return {{"slo", target.text()},
          {"method",
           "Each limit is read on the configuration's own curve for that statistic; the lowest throughput any limit "
           "allows is the operating point, and that limit binds. The best measured point meeting every limit is "
           "given beside it."},
          {"rows", std::move(rows)}};
}

nlohmann::json
service_level_presets_json()
{
  nlohmann::json presets = nlohmann::json::array();
  for (const domain::ServiceLevelPreset& preset : domain::service_level_presets()) {
    presets.push_back({{"key", preset.key}, {"label", preset.label}, {"slo", preset.slo}});
  }
  return presets;
}

std::string
service_level_csv(const domain::ServiceLevelTarget& target, std::span<const domain::ServiceLevelAnswer> answers)
{
  std::string text = "configuration,slo,metric,tps_per_gpu,binding_limit,measured_result_id,measured_tps_per_gpu,"
                     "goodput_tps_per_gpu_at_least,goodput_share_at_least,none_reason\n";
  const std::string slo = util::csv_field(target.text());
  for (const domain::ServiceLevelAnswer& answer : answers) {
    const auto& measured = answer.measured;
    const auto goodput = measured ? measured->goodput : std::nullopt;
    text += fmt::format("{},{},{},{},{},{},{},{},{},{}\n", util::csv_field(answer.group.label()), slo,
                        domain::to_string(answer.metric), number_text(answer.throughput),
                        answer.binding ? util::csv_field(target.limits[*answer.binding].text) : "",
                        measured ? util::csv_field(measured->result_id) : "",
                        number_text(measured ? std::optional(measured->throughput) : std::nullopt),
                        number_text(goodput ? std::optional(goodput->throughput) : std::nullopt),
                        number_text(goodput ? std::optional(goodput->share) : std::nullopt),
                        answer.none_reason ? util::csv_field(*answer.none_reason) : "");
  }
  return text;
}

}  // namespace infertrack::app
