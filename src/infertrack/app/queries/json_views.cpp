#include "infertrack/app/queries/json_views.hpp"

#include "infertrack/app/queries/fleet_answer.hpp"
#include "infertrack/app/queries/json_members.hpp"
#include "infertrack/app/queries/run_spread.hpp"
#include "infertrack/domain/data_quality.hpp"
#include "infertrack/domain/per_gpu_throughput.hpp"
#include "infertrack/domain/performance_curve.hpp"

namespace infertrack::app {
namespace {

nlohmann::json
throughput_json(const domain::Throughput& tps)
{
  return {{"input", optional_json(tps.input)},
          {"output", optional_json(tps.output)},
          {"total", optional_json(tps.total)}};
}

// The statistic a listing shows for the point (the page's table reads it rather than choosing again).
nlohmann::json
interactivity_json(const domain::BenchmarkPoint& point)
{
  const auto interactivity = domain::default_interactivity(point);
  if (!interactivity) {
    return nullptr;
  }
  return {{"value", interactivity->value}, {"basis", domain::to_string(interactivity->basis)}};
}

nlohmann::json
latency_json(const domain::LatencyPercentiles& latency)
{
  return {{"mean", optional_json(latency.mean)},
          {"median", optional_json(latency.median)},
          {"p90", optional_json(latency.p90)},
          {"p99", optional_json(latency.p99)}};
}

}  // namespace

nlohmann::json
to_json(const domain::BenchmarkPoint& point)
{
  nlohmann::json notes = nlohmann::json::array();
  for (const domain::PointNote& note : point.notes) {
    notes.push_back({{"kind", note.kind}, {"text", note.text}});
  }
  return {
    {"result_id", point.result_id},
    {"model", point.model},
    {"hardware", point.hardware},
    {"framework", point.framework},
    {"precision", point.precision},
    {"spec_method", point.spec_method},
    {"workload", point.workload},
    {"concurrency", point.concurrency},
    {"disaggregated", point.disaggregated},
    {"isl", optional_json(point.isl)},
    {"osl", optional_json(point.osl)},
    {"prefill_gpus", optional_json(point.prefill_gpus)},
    {"decode_gpus", optional_json(point.decode_gpus)},
    {"aggregate_engine_gpus", optional_json(point.aggregate_engine_gpus)},
    {"total_allocated_gpus", point.total_allocated_gpus},
    {"tp", optional_json(point.tp)},
    {"ep", optional_json(point.ep)},
    {"tps", throughput_json(point.absolute_tps)},
    {"tps_per_gpu", throughput_json(point.per_gpu_tps)},
    {"tps_per_allocated_gpu",
     throughput_json({domain::per_allocated_gpu(point, domain::ThroughputMetric::input),
                      domain::per_allocated_gpu(point, domain::ThroughputMetric::output),
                      domain::per_allocated_gpu(point, domain::ThroughputMetric::total)})},
    {"per_gpu_basis", domain::to_string(point.per_gpu_basis)},
    {"derived_output_tps_per_decode_gpu", optional_json(domain::derived_output_tps_per_decode_gpu(point))},
    {"interactivity_p90", optional_json(point.interactivity_p90)},
    {"interactivity_median", optional_json(point.interactivity_median)},
    {"interactivity", interactivity_json(point)},
    {"latency_s", {{"ttft", latency_json(point.latency.ttft)}, {"e2el", latency_json(point.latency.e2el)}}},
    {"tokens",
     {{"mean_input", optional_json(point.tokens.mean_input)},
      {"median_input", optional_json(point.tokens.median_input)},
      {"p90_input", optional_json(point.tokens.p90_input)},
      {"mean_output", optional_json(point.tokens.mean_output)},
      {"median_output", optional_json(point.tokens.median_output)},
      {"p90_output", optional_json(point.tokens.p90_output)}}},
    {"cache_hit_rates",
     {{"gpu", optional_json(point.cache.gpu)},
      {"cpu", optional_json(point.cache.cpu)},
      {"external", optional_json(point.cache.external)},
      {"theoretical", optional_json(point.cache.theoretical)}}},
    {"offload_mode", optional_json(point.offload_mode)},
    {"kv_offloading", optional_json(point.kv_offloading)},
    {"kv_offload_backend", optional_json(point.kv_offload_backend)},
    {"isolated_uncached_prefill_tps_per_gpu", optional_json(point.isolated_uncached_prefill_tps_per_gpu)},
    {"context_limit_tokens", optional_json(point.context_limit_tokens)},
    {"kv_precision", optional_json(point.kv_precision)},
    {"date", point.date},
    {"run_date", optional_json(point.run_date)},
    {"image", optional_json(point.image)},
    {"run_url", optional_json(point.run_url)},
    {"workflow_id", optional_json(point.workflow_id)},
    {"recipe_fingerprint", optional_json(point.recipe_fingerprint)},
    {"source_url", optional_json(point.source_url)},
    {"notes", std::move(notes)},
  };
}

nlohmann::json
to_json(const domain::DataFinding& finding)
{
  return {{"result_id", finding.result_id}, {"kind", domain::to_string(finding.kind)}, {"detail", finding.detail}};
}

nlohmann::json
to_json(const domain::HardwareCost& cost)
{
  return {{"hardware", cost.hardware},
          {"name", cost.name},
          {"gpus_per_rack", optional_json(cost.gpus_per_rack)},
          {"cost_per_gpu_hour", cost.cost_per_gpu_hour},
          {"kw_per_gpu", cost.kw_per_gpu},
          {"effective_date", cost.effective_date},
          {"source_url", optional_json(cost.source_url)}};
}

nlohmann::json
to_json(const domain::DemandPreset& preset)
{
  return {{"key", preset.key},
          {"label", preset.label},
          {"tokens_per_day", optional_json(preset.tokens_per_day)},
          {"note", preset.note},
          {"source_url", optional_json(preset.source_url)}};
}

namespace {

nlohmann::json
findings_json(std::span<const domain::DataFinding> findings)
{
  nlohmann::json list = nlohmann::json::array();
  for (const domain::DataFinding& finding : findings) {
    list.push_back(to_json(finding));
  }
  return list;
}

// The object of a value whose members json_members.hpp names.
template<typename Value>
nlohmann::json
members_json(const Value& value)
{
  nlohmann::json object = nlohmann::json::object();
  for_each_member(value, [&]<typename T>(const char* name, const T& member) {
    if constexpr (requires { member.has_value(); }) {
      object[name] = optional_json(member);
    } else {
      object[name] = member;
    }
  });
  return object;
}

}  // namespace

nlohmann::json
to_json(const domain::InterpolatedThroughput& value)
{
  return members_json(value);
}

nlohmann::json
to_json(const domain::FrontierKnot& knot)
{
  return members_json(knot);
}

nlohmann::json
knot_json(const domain::PerformanceCurve& curve, const domain::FrontierKnot& knot)
{
  nlohmann::json json = to_json(knot);
  if (curve.latency) {
    json.erase("interactivity");
    json["latency_s"] = domain::axis_value(curve, knot);
  }
  return json;
}

nlohmann::json
curve_axis_json(const domain::PerformanceCurve& curve)
{
  return {{"axis", curve.latency ? domain::to_string(*curve.latency) : std::string("interactivity")},
          {"axis_unit", curve.latency ? "s" : "tok/s/user"}};
}

nlohmann::json
to_json(const domain::HeadlineComparison& comparison)
{
  const domain::PublishedHeadline& published = comparison.published;
  return {{"label", published.label},
          {"model", published.model},
          {"target_interactivity", published.target_interactivity},
          {"published",
           {{"tps_per_gpu", published.total_tps_per_gpu},
            {"interpolated", published.interpolated},
            {"bracket_result_ids", published.bracket_result_ids},
            {"extra_disagg_factor_in_overview", published.extra_disagg_factor_in_overview},
            {"use_as_decode_tps", published.use_as_decode_tps}}},
          {"configuration", optional_json(comparison.curve_label)},
          {"computed", to_json(comparison.computed)},
          {"difference", optional_json(comparison.difference)},
          {"relative_difference", optional_json(comparison.relative_difference)},
          {"findings", findings_json(comparison.findings)}};
}

nlohmann::json
to_json(const domain::ConfigGroupKey& group)
{
  return {{"configuration", group.label()},
          {"model", group.model},
          {"hardware", group.hardware},
          {"framework", group.framework},
          {"precision", group.precision},
          {"spec_method", group.spec_method},
          {"disaggregated", group.disaggregated},
          {"workload", group.workload}};
}

nlohmann::json
to_json(const InterpolationRow& row)
{
  nlohmann::json knots = nlohmann::json::array();
  for (const domain::FrontierKnot& knot : row.curve.frontier) {
    knots.push_back(knot_json(row.curve, knot));
  }
  nlohmann::json json = to_json(row.curve.group);
  json.update(curve_axis_json(row.curve));
  json.update({
    {"run_date", row.curve.group.date},
    {"interactivity_basis", domain::to_string(row.curve.basis)},
    {"metric", domain::to_string(row.curve.metric)},
    {"value", to_json(row.value)},
    {"frontier", std::move(knots)},
    {"off_frontier_result_ids", row.curve.off_frontier_result_ids},
    {"skipped_result_ids", row.curve.skipped_result_ids},
    {"hardware_cost", row.cost ? to_json(*row.cost) : nlohmann::json(nullptr)},
    {"efficiency", nullptr},
    {"findings", findings_json(row.findings)},
  });
  if (row.spread) {
    json["spread"] = spread_json(*row.spread);
  }
  if (row.efficiency) {
    json["efficiency"] = {{"cost_per_million_tokens", row.efficiency->cost_per_million_tokens},
                          {"tokens_per_s_per_mw", row.efficiency->tokens_per_s_per_mw},
                          {"joules_per_token", row.efficiency->joules_per_token}};
  }
  return json;
}

nlohmann::json
left_out_json(std::span<const LeftOutConfiguration> left_out)
{
  nlohmann::json json = nlohmann::json::array();
  for (const LeftOutConfiguration& configuration : left_out) {
    json.push_back({{"configuration", configuration.configuration}, {"reason", configuration.reason}});
  }
  return json;
}

nlohmann::json
interpolation_answer_json(double target,
                          std::span<const InterpolationRow> rows,
                          std::span<const LeftOutConfiguration> left_out,
                          std::span<const domain::HeadlineComparison> headlines)
{
  nlohmann::json json = {{"target_interactivity", target},
                         {"rows", nlohmann::json::array()},
                         {"left_out", nlohmann::json::array()},
                         {"headlines", nlohmann::json::array()}};
  for (const InterpolationRow& row : rows) {
    json["rows"].push_back(to_json(row));
  }
  json["left_out"] = left_out_json(left_out);
  for (const domain::HeadlineComparison& comparison : headlines) {
    json["headlines"].push_back(to_json(comparison));
  }
  return json;
}

nlohmann::json
to_json(const domain::RackPlan& plan)
{
  return {{"mix", {{"input", plan.mix_used.input}, {"output", plan.mix_used.output}}},
          {"demand_input_per_s", plan.demand_input_per_s},
          {"demand_output_per_s", plan.demand_output_per_s},
          {"binding", domain::to_string(plan.binding)},
          {"groups", plan.groups},
          {"gpus_per_group", plan.gpus_per_group},
          {"allocated_gpus", plan.allocated_gpus},
          {"groups_per_rack", plan.groups_per_rack},
          {"racks_per_group", plan.racks_per_group},
          {"racks", plan.racks},
          {"provisioned_gpus", plan.provisioned_gpus},
          {"idle_gpus", plan.idle_gpus},
          {"cost_per_day", plan.cost_per_day},
          {"power_mw", plan.power_mw},
          {"cost_per_million_tokens", plan.cost_per_million_tokens}};
}

nlohmann::json
to_json(const PlanAnswer& answer)
{
  nlohmann::json json = {
    {"configuration", answer.configuration},
    {"basis", answer.deployment.basis.empty() ? nlohmann::json(nullptr) : nlohmann::json(answer.deployment.basis)},
    {"interpolation", answer.interpolation ? to_json(*answer.interpolation) : nlohmann::json(nullptr)},
    // Null rather than zeros when a configuration that cannot be sized never got that far.
    {"deployment",
     answer.deployment.gpus_per_group == 0
       ? nlohmann::json(nullptr)
       : nlohmann::json{{"gpus_per_group", answer.deployment.gpus_per_group},
                        {"input_tps", optional_json(answer.deployment.input_tps)},
                        {"output_tps", optional_json(answer.deployment.output_tps)},
                        {"total_tps", answer.deployment.total_tps}}},
    {"hardware", answer.hardware.hardware.empty() ? nlohmann::json(nullptr) : to_json(answer.hardware)},
    {"cost_overridden", answer.cost_overridden},
    {"power_overridden", answer.power_overridden},
    {"gpus_per_rack_overridden", answer.rack_overridden},
    {"tokens_per_day", answer.tokens_per_day},
    {"preset", answer.preset ? to_json(*answer.preset) : nlohmann::json(nullptr)},
    {"utilization", answer.utilization},
    {"uncertainty", answer.uncertainty ? to_json(*answer.uncertainty) : nlohmann::json(nullptr)},
    {"unavailable", optional_json(answer.unavailable)},
    {"plan", nullptr},
    {"caveats", answer.caveats},
  };
  if (answer.plan) {
    json["plan"] = to_json(*answer.plan);
  }
  return json;
}

nlohmann::json
point_detail_json(const domain::BenchmarkPoint& point, std::span<const domain::DataFinding> findings)
{
  nlohmann::json json = to_json(point);
  nlohmann::json list = nlohmann::json::array();
  for (const domain::DataFinding& finding : findings) {
    list.push_back(to_json(finding));
  }
  json["findings"] = std::move(list);
  return json;
}

}  // namespace infertrack::app
