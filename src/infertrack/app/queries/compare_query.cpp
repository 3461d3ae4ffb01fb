#include "infertrack/app/queries/compare_query.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/app/tracker_version.hpp"
#include "infertrack/util/unix_time.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <set>

namespace infertrack::app {
namespace {

constexpr std::size_t k_name_bytes_in_file_name = 90; // two of them within what file systems take (255)

tl::unexpected<CompareError>
refuse(CompareRefusal refusal, const std::string& side, std::string message)
{
  return tl::unexpected(CompareError{refusal, util::Diagnostic{{}, {}, side, std::move(message)}});
}

// The store filter of a name (its aliases canonicalised as the filters' are), and its run date or `as_of`.
store::PointFilter
name_filter(const domain::ConfigurationName& name, const std::optional<std::string>& as_of)
{
  store::PointFilter filter;
  filter.model = name.model;
  filter.hardware = name.hardware;
  filter.framework = name.framework;
  filter.precision = name.precision;
  filter.spec_method = name.spec_method;
  filter.disaggregated = name.disaggregated;
  filter.date = name.date;
  filter.as_of = as_of;
  return canonical_filter(std::move(filter));
}

// The run `text` names: the latest selected run of the one configuration it matches, with that run's points.
struct ResolvedRun
{
  domain::ConfigGroupKey group;
  std::vector<domain::BenchmarkPoint> points;
};

tl::expected<ResolvedRun, CompareError>
resolve(store::Store& store, const std::string& side, const std::string& text, const CompareQuery& query)
{
  auto name = domain::parse_configuration_name(text);
  if (!name) {
    return refuse(CompareRefusal::bad, side, name.error().field + ": " + name.error().message);
  }
  const store::PointFilter filter = name_filter(*name, query.as_of);
  if (auto checked = check_filter_dates(filter); !checked) {
    return refuse(CompareRefusal::bad, side, checked.error().message);
  }
  if (!model_is_stored(store, *filter.model)) {
    return refuse(CompareRefusal::unknown, side, "no stored points for model '" + *filter.model + "'");
  }
  if (const auto unstored = unstored_name(store, filter)) {
    return refuse(CompareRefusal::unknown, side, unstored_text(*unstored, unstored->parameter));
  }
  std::set<domain::ConfigGroupKey> groups;
  std::vector<domain::BenchmarkPoint> points = store.latest_points(filter);
  std::erase_if(points, [&](const domain::BenchmarkPoint& point) {
    return name->workload && point.workload != *name->workload;
  });
  for (const domain::BenchmarkPoint& point : points) {
    groups.insert(domain::config_group_of(point));
  }
  const std::string when = name->date   ? " on " + *name->date
                           : query.as_of ? " on or before " + *query.as_of
                                         : "";
  if (groups.empty()) {
    return refuse(CompareRefusal::unknown, side, fmt::format("no stored run of '{}'{}", text, when));
  }
  if (groups.size() > 1) {
    std::string list;
    for (const domain::ConfigGroupKey& group : groups) {
      list += (list.empty() ? "" : "; ") + domain::configuration_name(group, domain::NameDate::left_out);
    }
    return refuse(CompareRefusal::ambiguous, side,
                  fmt::format("'{}' names {} configurations{}: {}; give more of its fields", text, groups.size(), when,
                              list));
  }
  ResolvedRun run{*groups.begin(), {}};
  for (domain::BenchmarkPoint& point : points) {
    if (domain::config_group_of(point) == run.group) {
      run.points.push_back(std::move(point));
    }
  }
  return run;
}

// The filter that selects exactly `group`'s run, but for its workload (the filters have none): the single queries
// a comparison must agree with ask this.
store::PointFilter
run_filter(const domain::ConfigGroupKey& group)
{
  store::PointFilter filter;
  filter.model = group.model;
  filter.hardware = group.hardware;
  filter.framework = group.framework;
  filter.precision = group.precision;
  filter.spec_method = group.spec_method;
  filter.disaggregated = group.disaggregated;
  filter.date = group.date;
  return filter;
}

tl::expected<CompareSide, CompareError>
side_of(store::Store& store, const std::string& side, const std::string& text, const CompareQuery& query)
{
  auto run = resolve(store, side, text, query);
  if (!run) {
    return tl::unexpected(run.error());
  }
  CompareSide answer;
  answer.asked = text;
  answer.group = run->group;
  // The curve, value and plan read on the defaults the plan route reads with (auto basis, total throughput).
  std::vector<domain::PerformanceCurve> curves = domain::build_curves(run->points, query.curve);
  if (curves.empty()) {
    return refuse(CompareRefusal::bad, side,
                  fmt::format("the run {} has no point with an interactivity and a total throughput",
                              run->group.label()));
  }
  InterpolationQuery interpolation{run_filter(run->group), query.at, query.curve};
  std::vector<InterpolationRow> rows = interpolate_points(run->points, store.hardware(), interpolation);
  answer.value = std::move(rows.front());
  answer.frontier.curves = std::move(curves);
  answer.frontier.points = std::move(run->points);

  PlanQuery plan_query;
  plan_query.filter = run_filter(run->group);
  plan_query.at = query.at;
  plan_query.demand = query.demand;
  plan_query.utilization = query.utilization;
  plan_query.cost_per_gpu_hour = query.cost_per_gpu_hour;
  plan_query.kw_per_gpu = query.kw_per_gpu;
  plan_query.gpus_per_rack = query.gpus_per_rack;
  auto plans = plan(store, plan_query);
  if (!plans) {
    // The demand and the overrides are the query's: a refusal names them, not a side.
    return tl::unexpected(CompareError{CompareRefusal::bad, plans.error()});
  }
  const auto same_run = [&](const PlanAnswer& plan) { return plan.configuration == run->group.label(); };
  const auto found = std::find_if(plans->begin(), plans->end(), same_run);
  if (found == plans->end()) {
    return refuse(CompareRefusal::bad, side, "no plan for the run " + run->group.label());
  }
  answer.plan = std::move(*found);
  return answer;
}

Provenance
compare_provenance(const CompareQuery& query, const CompareAnswer& answer)
{
  Provenance provenance;
  provenance.kind = "compare";
  provenance.tracker_version = std::string(k_tracker_version);
  provenance.generated_at = util::iso_utc(static_cast<std::int64_t>(std::time(nullptr)));
  provenance.as_of = query.as_of.value_or("latest");
  provenance.query = {{"a", query.a}, {"b", query.b}, {"at", query.at}, {"demand", query.demand},
                      {"utilization", query.utilization}};
  if (query.as_of) {
    provenance.query["as_of"] = *query.as_of;
  }
  for (const CompareSide& side : answer.sides) {
    const std::string configuration = side.group.without_date().label();
    const domain::PerformanceCurve& curve = side.frontier.curves.front();
    provenance.runs.push_back({configuration, side.group.date, curve.frontier});
    const domain::InterpolatedThroughput& value = side.value.value;
    provenance.brackets.push_back({configuration, side.group.date, domain::to_string(value.state),
                                   value.lower_result_id, value.upper_result_id});
    if (side.plan.plan) {
      ConstantsProvenance constants{side.plan.hardware, side.plan.cost_overridden, side.plan.power_overridden,
                                    side.plan.rack_overridden};
      if (std::find(provenance.constants.begin(), provenance.constants.end(), constants) ==
          provenance.constants.end()) {
        provenance.constants.push_back(std::move(constants));
      }
    }
  }
  return provenance;
}

nlohmann::json
compared_json(const domain::ComparedValue& value)
{
  return {{"target", value.target}, {"a", to_json(value.a)}, {"b", to_json(value.b)}, {"ratio", optional_json(value.ratio)},
          {"ratio_bound", domain::to_string(value.bound)}};
}

nlohmann::json
side_json(const CompareSide& side)
{
  nlohmann::json json = to_json(side.group);
  json.update({{"name", side.asked},
               {"canonical_name", domain::configuration_name(side.group, domain::NameDate::included)},
               {"run_date", side.group.date},
               {"curve", curves_json(side.frontier).at(0)},
               {"value", to_json(side.value)},
               {"plan", to_json(side.plan)}});
  return json;
}

std::string
number(const std::optional<double>& value)
{
  return value ? fmt::format("{}", *value) : "";
}

std::string
file_part(std::string text)
{
  std::replace_if(
    text.begin(), text.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-'; },
    '_');
  text.resize(std::min(text.size(), k_name_bytes_in_file_name));
  return text;
}

}  // namespace

tl::expected<CompareAnswer, CompareError>
compare(store::Store& store, const CompareQuery& query)
{
  if (!(query.at > 0)) {
    return refuse(CompareRefusal::bad, "at", "a positive tok/s/user");
  }
  CompareAnswer answer;
  const std::pair<const char*, const std::string*> names[] = {{"a", &query.a}, {"b", &query.b}};
  for (std::size_t i = 0; i < 2; ++i) {
    auto side = side_of(store, names[i].first, *names[i].second, query);
    if (!side) {
      return tl::unexpected(side.error());
    }
    answer.sides[i] = std::move(*side);
  }
  const domain::PerformanceCurve& a = answer.sides[0].frontier.curves.front();
  const domain::PerformanceCurve& b = answer.sides[1].frontier.curves.front();
  answer.at_target = domain::compare_at(a, b, query.at);
  answer.targets = domain::compare_at_shared_targets(a, b);
  answer.settings = domain::compare_settings(answer.sides[0].frontier.points, answer.sides[1].frontier.points);
  answer.provenance = compare_provenance(query, answer);
  return answer;
}

nlohmann::json
compare_json(const CompareAnswer& answer)
{
  nlohmann::json targets = nlohmann::json::array();
  for (const domain::ComparedValue& value : answer.targets) {
    targets.push_back(compared_json(value));
  }
  nlohmann::json settings = nlohmann::json::array();
  for (const domain::SettingComparison& setting : answer.settings) {
    settings.push_back({{"setting", setting.setting}, {"a", setting.a}, {"b", setting.b}, {"differs", setting.differs}});
  }
  const nlohmann::json& query = answer.provenance.query;
  return {{"provenance", to_json(answer.provenance)},
          {"at", query["at"]},
          {"demand", query["demand"]},
          {"a", side_json(answer.sides[0])},
          {"b", side_json(answer.sides[1])},
          {"at_target", compared_json(answer.at_target)},
          {"targets", std::move(targets)},
          {"settings", std::move(settings)}};
}

std::string
compare_csv(const CompareAnswer& answer)
{
  std::string text = provenance_comments(answer.provenance);
  for (std::size_t i = 0; i < 2; ++i) {
    text += export_comment_line(i == 0 ? "a" : "b", answer.sides[i].group.label());
  }
  text += "target,kind,a_tps_per_gpu,a_state,b_tps_per_gpu,b_state,ratio_b_over_a,ratio_bound\n";
  const auto row = [&](const domain::ComparedValue& value, const char* kind) {
    text += fmt::format("{},{},{},{},{},{},{},{}\n", value.target, kind, number(value.a.throughput),
                        domain::to_string(value.a.state), number(value.b.throughput), domain::to_string(value.b.state),
                        number(value.ratio), domain::to_string(value.bound));
  };
  row(answer.at_target, "target");
  for (const domain::ComparedValue& value : answer.targets) {
    row(value, "shared");
  }
  return text;
}

std::string
compare_file_name(const CompareAnswer& answer, const std::string& extension)
{
  return "infertrack-compare-" + file_part(answer.sides[0].group.label()) + "-vs-" +
         file_part(answer.sides[1].group.label()) + "." + extension;
}

}  // namespace infertrack::app
