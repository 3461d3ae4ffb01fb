#include "infertrack/app/queries/plan_query.hpp"

#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/app/queries/service_level_query.hpp"
#include "infertrack/domain/efficiency.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace infertrack::app {
namespace {

constexpr const char* k_packing_caveat =
  "Racks are filled arithmetically with independent copies of the benchmarked group; no full rack was "
  "measured.";
constexpr const char* k_logical_tokens_caveat =
  "Tokens are logical: agentic input counts cached prefixes the engine did not recompute, so input "
  "capacity is not fresh-prefill capacity.";
constexpr const char* k_preset_caveat =
  "Demand presets come from separate, overlapping disclosures: compare them, never add them up.";

struct Demand
{
  double tokens_per_day = 0;
  std::optional<domain::DemandPreset> preset;
};

util::Result<Demand>
resolve_demand(store::Store& store, const PlanQuery& query)
{
  std::optional<domain::DemandPreset> preset;
  if (query.preset) {
    std::string known;
    for (domain::DemandPreset& stored : store.presets()) {
      if (stored.key == *query.preset) {
        preset = std::move(stored);
        break;
      }
      known += known.empty() ? stored.key : ", " + stored.key;
    }
    if (!preset) {
      return util::fail("", "preset", fmt::format("unknown preset '{}' (known: {})", *query.preset, known));
    }
  }
  if (query.demand) {
    // A preset without a demand of its own (custom) is the label of the demand given with it.
    if (preset && preset->tokens_per_day) {
      return util::fail("", "demand",
                        fmt::format("preset '{}' has a demand of its own: give a demand or that preset, not both",
                                    preset->key));
    }
    INFERTRACK_TRY_ASSIGN(tokens, domain::parse_token_demand(*query.demand));
    return Demand{tokens, std::move(preset)};
  }
  if (!preset) {
    return util::fail("", "demand", "give a demand (e.g. 40T tokens/day) or a preset");
  }
  if (!preset->tokens_per_day) {
    return util::fail("", "preset", fmt::format("'{}' has no demand of its own: give a demand with it", preset->key));
  }
  const double tokens = *preset->tokens_per_day;
  return Demand{tokens, std::move(preset)};
}

// Why `hardware` cannot be sized: no figures are stored for it (or none in force yet on the as-of date) and the
// query does not give all three.
std::optional<std::string>
missing_figures(std::span<const domain::HardwareCost> costs, const std::string& hardware, const PlanQuery& query)
{
  if (domain::cost_in_force(costs, hardware, query.filter.as_of) ||
      (query.cost_per_gpu_hour.for_hardware(hardware) && query.kw_per_gpu.for_hardware(hardware) &&
       query.gpus_per_rack.for_hardware(hardware))) {
    return std::nullopt;
  }
  // Figures stored for it, if any, all took effect after the as-of date: name the first of them.
  std::optional<std::string_view> first;
  for (const domain::HardwareCost& cost : costs) {
    if (cost.hardware == hardware && (!first || cost.effective_date < *first)) {
      first = cost.effective_date;
    }
  }
  const std::string why =
    first ? fmt::format("no cost and power figures for hardware '{}' were in force on {} (the first stored took "
                        "effect on {})",
                        hardware, *query.filter.as_of, *first)
          : fmt::format("no cost and power figures are stored for hardware '{}'", hardware);
  return fmt::format("{0}: give a cost per GPU-hour, kW per GPU and GPUs per rack (--cost-per-gpu-hour, --kw-per-gpu, "
                     "--gpus-per-rack, each N or {1}=N; cost_per_gpu_hour, kw_per_gpu, gpus_per_rack on the API, "
                     "each N or {1}=N)",
                     why, hardware);
}

util::Result<domain::HardwareCost>
resolve_hardware(std::span<const domain::HardwareCost> costs, const std::string& hardware, const PlanQuery& query)
{
  domain::HardwareCost cost;
  // The state on an as-of date has that day's figures, as an interpolation's efficiency does.
  if (auto stored = domain::cost_in_force(costs, hardware, query.filter.as_of)) {
    cost = *stored;
  } else if (auto missing = missing_figures(costs, hardware, query)) {
    // Named by the first figure not given: a cost given is not what is missing.
    const char* field = !query.cost_per_gpu_hour.for_hardware(hardware) ? "cost_per_gpu_hour"
                        : !query.kw_per_gpu.for_hardware(hardware)      ? "kw_per_gpu"
                                                                        : "gpus_per_rack";
    return util::fail("", field, std::move(*missing));
  } else {
    cost.hardware = hardware;
    cost.name = hardware;
  }
  cost.cost_per_gpu_hour = query.cost_per_gpu_hour.for_hardware(hardware).value_or(cost.cost_per_gpu_hour);
  cost.kw_per_gpu = query.kw_per_gpu.for_hardware(hardware).value_or(cost.kw_per_gpu);
  if (auto rack = query.gpus_per_rack.for_hardware(hardware)) {
    cost.gpus_per_rack = rack;
  }
  if (!cost.gpus_per_rack) {
    return util::fail("", "gpus_per_rack",
                      fmt::format("the cost figures of hardware '{}' ({}) give no rack size: give GPUs per rack "
                                  "(--gpus-per-rack {}=N; gpus_per_rack={}=N on the API)",
                                  hardware, cost.effective_date, hardware, hardware));
  }
  return cost;
}

// `value` with one decimal, or as many more as it takes not to read as `other` (57.079 against a target of 57.08,
// not 57.1).
std::string
distinct_from(double value, double other)
{
  constexpr int k_most_decimals = 6;
  int decimals = 1;
  while (decimals < k_most_decimals && fmt::format("{:.{}f}", value, decimals) == fmt::format("{:.{}f}", other, decimals)) {
    ++decimals;
  }
  return fmt::format("{:.{}f}", value, decimals);
}

// Everything an answer carries besides its deployment, so that each configuration is sized alike.
struct PlanContext
{
  const PlanQuery& query;
  Demand demand;
  std::vector<domain::HardwareCost> costs;
  std::optional<domain::TokenMix> mix;
};

// The request `context` asks, sized with the rack, cost and power figures of `hardware`.
domain::PlanRequest
request_for(const PlanContext& context, const domain::HardwareCost& hardware)
{
  domain::PlanRequest request;
  request.tokens_per_day = context.demand.tokens_per_day;
  request.utilization = context.query.utilization;
  request.mix = context.mix;
  request.gpus_per_rack = hardware.gpus_per_rack.value_or(0); // resolve_hardware gave one, or refused
  request.cost_per_gpu_hour = hardware.cost_per_gpu_hour;
  request.kw_per_gpu = hardware.kw_per_gpu;
  return request;
}

// Which of the answer's figures the query gave for its hardware.
void
mark_overrides(PlanAnswer& answer, const PlanQuery& query, std::string_view hardware)
{
  answer.cost_overridden = query.cost_per_gpu_hour.for_hardware(hardware).has_value();
  answer.power_overridden = query.kw_per_gpu.for_hardware(hardware).has_value();
  answer.rack_overridden = query.gpus_per_rack.for_hardware(hardware).has_value();
}

// `lower` and `upper`: the interpolation's brackets, each planned alone for the answer's uncertainty.
util::Result<PlanAnswer>
answer_for(const PlanContext& context,
           const domain::BenchmarkPoint& example,
           domain::DeploymentCapacity deployment,
           const std::optional<domain::DeploymentCapacity>& lower = std::nullopt,
           const std::optional<domain::DeploymentCapacity>& upper = std::nullopt)
{
  PlanAnswer answer;
  answer.configuration = domain::config_group_of(example).label();
  INFERTRACK_TRY_ASSIGN(hardware, resolve_hardware(context.costs, example.hardware, context.query));
  answer.hardware = std::move(hardware);
  mark_overrides(answer, context.query, example.hardware);
  answer.tokens_per_day = context.demand.tokens_per_day;
  answer.preset = context.demand.preset;
  answer.utilization = context.query.utilization;
  answer.deployment = std::move(deployment);

  auto rack_plan = domain::plan_capacity(answer.deployment, request_for(context, answer.hardware));
  if (!rack_plan) {
    // A deployment is the data behind a plan, not a parameter: a plan by point blames the point it was given.
    if (rack_plan.error().field == "deployment") {
      rack_plan.error().field = context.query.point ? "point" : "";
    }
    return tl::unexpected(std::move(rack_plan.error()));
  }
  answer.plan = *rack_plan;
  answer.uncertainty =
    domain::plan_uncertainty(answer.deployment, lower, upper, request_for(context, answer.hardware), *rack_plan);

  answer.caveats.push_back(k_packing_caveat);
  if (answer.deployment.sizing_note) {
    answer.caveats.push_back(*answer.deployment.sizing_note);
  }
  if (context.mix && !(answer.deployment.input_tps && answer.deployment.output_tps)) {
    answer.caveats.push_back(fmt::format("The {:g}:{:g} mix is not applied: the measurements give no input/output "
                                         "split, so the demand is sized on total tokens.",
                                         context.mix->input, context.mix->output));
  }
  if (example.workload == "agentic") {
    answer.caveats.push_back(k_logical_tokens_caveat);
  }
  if (answer.preset) {
    answer.caveats.push_back(k_preset_caveat);
    answer.caveats.push_back(answer.preset->note);
  }
  return answer;
}

// The checks of a plan request that do not depend on the configuration, with the query's own figures (or
// stand-ins where the stored hardware gives them), so that a bad flag is refused rather than reported for each
// configuration.
util::Result<void>
check_query(const PlanContext& context)
{
  const auto check = [&](auto given) {
    domain::HardwareCost stand_in;
    stand_in.gpus_per_rack = 1;
    stand_in.cost_per_gpu_hour = 1;
    stand_in.kw_per_gpu = 1;
    given(stand_in);
    return domain::check_plan_request(request_for(context, stand_in));
  };
  INFERTRACK_TRY(check([](domain::HardwareCost&) {}));
  // Each figure given, for whichever hardware it is given.
  for (const double cost : context.query.cost_per_gpu_hour.values()) {
    INFERTRACK_TRY(check([cost](domain::HardwareCost& stand_in) { stand_in.cost_per_gpu_hour = cost; }));
  }
  for (const double kw : context.query.kw_per_gpu.values()) {
    INFERTRACK_TRY(check([kw](domain::HardwareCost& stand_in) { stand_in.kw_per_gpu = kw; }));
  }
  for (const std::int64_t rack : context.query.gpus_per_rack.values()) {
    INFERTRACK_TRY(check([rack](domain::HardwareCost& stand_in) { stand_in.gpus_per_rack = rack; }));
  }
  return {};
}

// The hardware of every configuration answered goes into `used`.
util::Result<std::vector<PlanAnswer>>
plan_at_target(store::Store& store, const PlanContext& context, double target, std::set<std::string>& used)
{
  InterpolationQuery interpolation_query{context.query.filter, target, {}};
  std::vector<InterpolationRow> rows = interpolate(store, interpolation_query);
  if (rows.empty()) {
    // Callers refuse an unknown model first: here the other filters leave nothing.
    return util::fail("", "", fmt::format("no stored points match the filters ({})", filter_summary(context.query.filter)));
  }
  std::vector<PlanAnswer> answers;
  for (InterpolationRow& row : rows) {
    used.insert(row.curve.group.hardware);
    const auto lower = store.point(row.value.lower_result_id.value_or(""));
    if (!lower) {
      continue;
    }
    const auto upper = row.value.upper_result_id ? store.point(*row.value.upper_result_id) : std::nullopt;
    // A configuration that cannot be sized is answered with the reason, beside those that can.
    // `deployment` once known: a configuration without cost figures still has its measured group.
    const auto unavailable = [&](std::string reason, const domain::DeploymentCapacity* deployment = nullptr) {
      PlanAnswer answer;
      answer.configuration = row.curve.group.label();
      if (deployment != nullptr) {
        answer.deployment = *deployment;
      }
      answer.interpolation = row.value;
      answer.tokens_per_day = context.demand.tokens_per_day;
      answer.preset = context.demand.preset;
      answer.utilization = context.query.utilization;
      // What the query overrode, even where no plan came of it.
      mark_overrides(answer, context.query, row.curve.group.hardware);
      answer.unavailable = std::move(reason);
      answers.push_back(std::move(answer));
    };
    auto deployment =
      domain::interpolated_capacity(row.value, *lower, upper ? &*upper : nullptr, row.curve.basis, target);
    if (!deployment) {
      unavailable(fmt::format("{} tok/s/user is {} on this curve (fastest measured: {})",
                              target,
                              domain::to_string(row.value.state),
                              distinct_from(row.curve.frontier.back().interactivity, target)));
      continue;
    }
    if (auto missing = missing_figures(context.costs, lower->hardware, context.query)) {
      unavailable(std::move(*missing), &*deployment);
      continue;
    }
    // The query was checked once already: what fails now is this configuration's data (no tokens served, none on
    // the side the mix asks for, or too many GPUs for its throughput).
    const bool between = row.value.state == domain::InterpolationState::interpolated && upper;
    auto sized = answer_for(context, *lower, *deployment,
                            between ? std::optional(domain::capacity_of(*lower)) : std::nullopt,
                            between ? std::optional(domain::capacity_of(*upper)) : std::nullopt);
    if (!sized) {
      unavailable(std::move(sized.error().message), &*deployment);
      continue;
    }
    PlanAnswer& answer = *sized;
    answer.configuration = row.curve.group.label();
    answer.interpolation = row.value;
    // What interpolate flags on this value (a thin frontier) goes with the plan sized on it.
    for (const domain::DataFinding& finding : row.findings) {
      answer.caveats.push_back(fmt::format("Data quality [{}]: {}", domain::to_string(finding.kind), finding.detail));
    }
    if (row.value.state == domain::InterpolationState::clamped_low) {
      answer.caveats.push_back("The target is below the slowest measured point: its throughput is used as a "
                               "lower bound, so the racks, cost and power are upper bounds.");
    } else if (row.value.state == domain::InterpolationState::interpolated) {
      answer.caveats.push_back(fmt::format("Throughput interpolated on the Pareto frontier between {} and {}, "
                                           "not measured.",
                                           row.value.lower_result_id.value_or("?"),
                                           row.value.upper_result_id.value_or("?")));
    }
    answers.push_back(std::move(answer));
  }
  return answers;
}

// Each hardware an override names, with the override's parameter: {"gpus_per_rack", "mi355x"}, ...
std::vector<std::pair<const char*, std::string_view>>
named_hardware(const PlanQuery& query)
{
  std::vector<std::pair<const char*, std::string_view>> named;
  const auto add = [&](const auto& given, const char* field) {
    for (const auto& entry : given.by_hardware) {
      named.emplace_back(field, entry.first);
    }
  };
  add(query.cost_per_gpu_hour, "cost_per_gpu_hour");
  add(query.kw_per_gpu, "kw_per_gpu");
  add(query.gpus_per_rack, "gpus_per_rack");
  return named;
}

// A figure given for hardware that no stored point has is a slip (of its name, most likely): refused, with the
// stored names.
util::Result<void>
check_override_hardware(store::Store& store, const PlanQuery& query)
{
  const auto named = named_hardware(query);
  if (named.empty()) {
    return {};
  }
  const std::vector<std::string> stored = store.configuration_names(store::ConfigurationName::hardware);
  for (const auto& [field, hardware] : named) {
    if (std::find(stored.begin(), stored.end(), hardware) == stored.end()) {
      return util::fail("", field, unstored_text(UnstoredName{field, std::string(hardware), stored}, "hardware"));
    }
  }
  return {};
}

// Figures given for hardware that none of `answers` runs on change nothing: each answer says so, rather than the
// query seem to have been applied.
void
note_unused_overrides(std::vector<PlanAnswer>& answers, const PlanQuery& query, const std::set<std::string>& used)
{
  std::vector<std::string> unused;
  for (const auto& [field, hardware] : named_hardware(query)) {
    if (!used.contains(std::string(hardware))) {
      unused.push_back(fmt::format("{} for {}", field, hardware));
    }
  }
  if (unused.empty()) {
    return;
  }
  const std::string caveat = fmt::format("Not applied: {} (none of these configurations runs on that hardware).",
                                         fmt::join(unused, "; "));
  for (PlanAnswer& answer : answers) {
    answer.caveats.push_back(caveat);
  }
}

// The deployment at a service-level operating point, its brackets found among the points read.
util::Result<domain::FleetCandidate>
candidate_at(const domain::ServiceLevelTarget& target,
             const domain::ServiceLevelAnswer& answer,
             const std::map<std::string_view, const domain::BenchmarkPoint*>& by_id)
{
  const domain::InterpolatedThroughput& value = *answer.limits[*answer.binding].reading;
  const auto find = [&](const std::optional<std::string>& id) -> const domain::BenchmarkPoint* {
    const auto found = id ? by_id.find(*id) : by_id.end();
    return found == by_id.end() ? nullptr : found->second;
  };
  const domain::BenchmarkPoint* lower = find(value.lower_result_id);
  if (lower == nullptr) {
    return util::fail("", "slo", "the binding limit's bracket is not among the points read");
  }
  return domain::candidate_at_operating_point(target, answer, *lower, find(value.upper_result_id));
}

}  // namespace

util::Result<void>
read_plan_figures(PlanQuery& query,
                  const std::optional<std::string>& cost_per_gpu_hour,
                  const std::optional<std::string>& kw_per_gpu,
                  const std::optional<std::string>& gpus_per_rack)
{
  if (cost_per_gpu_hour) {
    INFERTRACK_TRY_ASSIGN(given, parse_figure_override(*cost_per_gpu_hour, "cost_per_gpu_hour"));
    query.cost_per_gpu_hour = std::move(given);
  }
  if (kw_per_gpu) {
    INFERTRACK_TRY_ASSIGN(given, parse_figure_override(*kw_per_gpu, "kw_per_gpu"));
    query.kw_per_gpu = std::move(given);
  }
  if (gpus_per_rack) {
    INFERTRACK_TRY_ASSIGN(given, parse_rack_size_override(*gpus_per_rack, "gpus_per_rack"));
    query.gpus_per_rack = std::move(given);
  }
  return {};
}

util::Result<std::vector<PlanAnswer>>
plan(store::Store& store, const PlanQuery& query)
{
  if (query.point.has_value() == query.at.has_value()) {
    return util::fail("", "point", "give exactly one of a point (a result id) or a target interactivity");
  }
  // Filters choose the curves of a plan at a target, not a point; an as-of date is the day whose prices a plan of
  // either kind pays. Fields are named as the API's parameters, which the CLI spells as flags (throw_usage).
  nlohmann::json filters = filter_json(query.filter);
  filters.erase("as_of");
  if (query.point && !filters.empty()) {
    return util::fail("", filters.begin().key(),
                      "chooses the curves of a plan at a target interactivity; a point is planned as it was "
                      "measured (give the point alone, or a target interactivity with the filters)");
  }
  if (query.at && !(std::isfinite(*query.at) && *query.at > 0)) {
    return util::fail("", "at", fmt::format("must be a positive number of tok/s/user (got {})", *query.at));
  }
  INFERTRACK_TRY(check_override_hardware(store, query));
  INFERTRACK_TRY_ASSIGN(demand, resolve_demand(store, query));
  PlanContext context{query, std::move(demand), store.hardware(), std::nullopt};
  if (query.mix) {
    INFERTRACK_TRY_ASSIGN(mix, domain::parse_token_mix(*query.mix));
    context.mix = mix;
  }
  if (query.at) {
    INFERTRACK_TRY(check_query(context));
    std::set<std::string> used;
    INFERTRACK_TRY_ASSIGN(answers, plan_at_target(store, context, *query.at, used));
    note_unused_overrides(answers, query, used);
    return answers;
  }
  const auto point = store.point(*query.point);
  if (!point) {
    return util::fail("", "point", fmt::format("no stored point has result id '{}'", *query.point));
  }
  if (query.filter.as_of && point->date > *query.filter.as_of) {
    return util::fail("", "as_of",
                      fmt::format("point '{}' was measured on {}, after the as-of date {}: the tracker did not hold it "
                                  "then",
                                  point->result_id, point->date, *query.filter.as_of));
  }
  INFERTRACK_TRY_ASSIGN(answer, answer_for(context, *point, domain::capacity_of(*point)));
  std::vector<PlanAnswer> answers{std::move(answer)};
  note_unused_overrides(answers, query, {point->hardware});
  return answers;
}

util::Result<PlanDemand>
plan_demand(store::Store& store, const PlanQuery& query)
{
  INFERTRACK_TRY_ASSIGN(demand, resolve_demand(store, query));
  return PlanDemand{demand.tokens_per_day, std::move(demand.preset)};
}

util::Result<domain::HardwareCost>
plan_hardware(std::span<const domain::HardwareCost> costs, const std::string& hardware, const PlanQuery& query)
{
  return resolve_hardware(costs, hardware, query);
}

util::Result<FleetAnswer>
plan_fleet(store::Store& store, const PlanQuery& query)
{
  if (!query.slo) {
    return util::fail("", "slo", "give a service-level target, e.g. interactivity>=50,ttft_p99<=2s");
  }
  if (query.point || query.at) {
    return util::fail("", query.point ? "point" : "at",
                      "a best fleet is chosen at each configuration's service-level operating point: give the "
                      "service-level target without a point or a target interactivity");
  }
  if (!query.filter.model) {
    return util::fail("", "model", "a best fleet serves one model's demand: give the model");
  }
  INFERTRACK_TRY_ASSIGN(target, domain::parse_service_level_target(*query.slo));
  INFERTRACK_TRY(check_override_hardware(store, query));
  INFERTRACK_TRY_ASSIGN(demand, resolve_demand(store, query));
  PlanContext context{query, std::move(demand), store.hardware(), std::nullopt};
  if (query.mix) {
    INFERTRACK_TRY_ASSIGN(mix, domain::parse_token_mix(*query.mix));
    context.mix = mix;
  }
  INFERTRACK_TRY(check_query(context));

  const ServiceLevelResult service_level =
    answer_service_level(store, ServiceLevelQuery{query.filter, target, domain::CurveOptions{}});
  if (service_level.points.empty()) {
    return util::fail("", "", fmt::format("no stored points match the filters ({})", filter_summary(query.filter)));
  }
  std::map<std::string_view, const domain::BenchmarkPoint*> by_id;
  for (const domain::BenchmarkPoint& point : service_level.points) {
    by_id.emplace(point.result_id, &point);
  }

  FleetAnswer answer;
  answer.target = target;
  answer.rank_by = query.rank_by;
  answer.tokens_per_day = context.demand.tokens_per_day;
  answer.preset = context.demand.preset;
  answer.utilization = query.utilization;
  std::vector<domain::FleetCandidate> candidates;
  std::vector<const domain::ServiceLevelAnswer*> candidate_answers;
  for (const domain::ServiceLevelAnswer& configuration : service_level.answers) {
    const std::string label = configuration.group.label();
    if (configuration.none_reason) {
      answer.unranked.push_back({label, *configuration.none_reason});
      continue;
    }
    auto candidate = candidate_at(target, configuration, by_id);
    if (!candidate) {
      answer.unranked.push_back({label, candidate.error().message});
      continue;
    }
    auto hardware = resolve_hardware(context.costs, configuration.group.hardware, query);
    if (!hardware) {
      answer.unranked.push_back({label, hardware.error().message});
      continue;
    }
    candidate->hardware = std::move(*hardware);
    candidates.push_back(std::move(*candidate));
    candidate_answers.push_back(&configuration);
  }
  domain::PlanRequest request = request_for(context, domain::HardwareCost{});
  domain::FleetRanking ranking = domain::rank_fleets(candidates, request, query.rank_by);
  for (domain::FleetPlan& fleet : ranking.ranked) {
    FleetEntry entry{*candidate_answers[fleet.candidate], candidates[fleet.candidate], std::move(fleet), {}};
    if (entry.candidate.deployment.sizing_note) {
      entry.caveats.push_back(*entry.candidate.deployment.sizing_note);
    }
    if (entry.service_level.group.workload == "agentic") {
      entry.caveats.push_back(k_logical_tokens_caveat);
    }
    answer.ranked.push_back(std::move(entry));
  }
  for (const domain::UnplannedCandidate& unplanned : ranking.unplanned) {
    answer.unranked.push_back({candidates[unplanned.candidate].configuration, unplanned.reason});
  }
  answer.caveats = {
    "Each fleet is one configuration serving the whole demand; fleets mixing configurations are not planned.",
    "The operating point is read on each limit's own curve and the lowest throughput any limit allows is taken: "
    "a point between measurements is interpolated, not measured.",
    "$/M input and $/M output each charge the whole fleet's cost to that kind of token, so they do not add up.",
    k_packing_caveat,
  };
  if (answer.preset) {
    answer.caveats.push_back(k_preset_caveat);
  }
  return answer;
}

}  // namespace infertrack::app
