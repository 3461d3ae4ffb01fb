#include "infertrack/app/queries/changes_query.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/run_spread.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/history_frontiers.hpp"
#include "infertrack/domain/point_recurrence.hpp"
#include "infertrack/domain/run_images.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace infertrack::app {
namespace {

using domain::RunKey;

nlohmann::json
value_json(const domain::InterpolatedThroughput& value)
{
  return to_json(value);
}

nlohmann::json
run_json(const domain::RunIdentity& run)
{
  return {{"date", run.date},
          {"precision", run.precision},
          {"image", run.image.empty() ? nlohmann::json() : nlohmann::json(run.image)},
          {"slowest_interactivity", run.slowest_interactivity},
          {"fastest_interactivity", run.fastest_interactivity}};
}

}  // namespace

ChangesAnswer
changes(store::Store& store, const ChangesQuery& query)
{
  const std::vector<domain::BenchmarkPoint> points = store.points(query.filter);
  domain::HistoryFrontiers frontiers(query.basis, query.metric);
  frontiers.add(points);

  const std::map<RunKey, std::string> images_by_run = domain::images_by_run(points);
  std::map<RunKey, RunStatus> status_by_run;
  const std::vector<domain::PointRecurrence> marks = domain::point_recurrence(points);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const domain::BenchmarkPoint& point = points[i];
    const RunKey key{domain::config_group_of(point).without_date(), point.date};
    RunStatus& status = status_by_run[key];
    status.configuration = key.first;
    status.date = point.date;
    ++status.points;
    status.new_points += marks[i] == domain::PointRecurrence::new_numbers ? 1 : 0;
  }
  const std::vector<std::vector<std::string>> images = domain::frontier_run_images(frontiers, images_by_run);

  ChangesAnswer answer;
  if (query.join_precisions) {
    for (const std::vector<std::size_t>& group : domain::precision_groups(frontiers)) {
      answer.series.push_back(domain::detect_changes(frontiers, group, images, query.options));
    }
  } else {
    for (std::size_t c = 0; c < frontiers.configuration_count(); ++c) {
      const std::size_t group[] = {c};
      answer.series.push_back(domain::detect_changes(frontiers, group, images, query.options));
    }
  }
  for (auto& [key, status] : status_by_run) {
    if (query.options.since && status.date < *query.options.since) {
      continue;
    }
    status.image = images_by_run.at(key);
    answer.runs.push_back(std::move(status));
  }
  std::stable_sort(answer.runs.begin(), answer.runs.end(),
                   [](const RunStatus& a, const RunStatus& b) { return a.date > b.date; });
  return answer;
}

std::vector<ChangeRow>
ChangesAnswer::findings() const
{
  std::vector<ChangeRow> rows;
  for (const domain::ChangeSeries& one : series) {
    for (const domain::RunComparison& comparison : one.comparisons) {
      for (const domain::ChangeFinding& finding : comparison.findings) {
        rows.push_back({&one, &comparison, &finding});
      }
    }
  }
  std::stable_sort(rows.begin(), rows.end(), [](const ChangeRow& a, const ChangeRow& b) {
    return a.comparison->later.date > b.comparison->later.date;
  });
  return rows;
}

std::string
finding_key(const ChangeRow& row)
{
  return row.series->configuration.label() + "/" + row.comparison->earlier.date + "/" + row.comparison->later.date +
         "/" + domain::to_string(row.finding->direction);
}

nlohmann::json
changes_json(const ChangesQuery& query, const ChangesAnswer& answer)
{
  nlohmann::json findings = nlohmann::json::array();
  for (const ChangeRow& row : answer.findings()) {
    const domain::ChangeFinding& finding = *row.finding;
    nlohmann::json values = nlohmann::json::array();
    for (const domain::TargetChange& change : row.comparison->targets) {
      if (std::find(finding.targets.begin(), finding.targets.end(), change.target) == finding.targets.end()) {
        continue;
      }
      values.push_back({{"target", change.target},
                        {"earlier", value_json(change.earlier)},
                        {"later", value_json(change.later)},
                        {"ratio", change.ratio},
                        {"bound", domain::to_string(change.bound)},
                        {"later_spread", spread_json(change.later_spread)}});
    }
    nlohmann::json json = to_json(row.series->configuration);
    json.update({{"id", finding_key(row)},
                 {"basis", domain::to_string(row.series->basis)},
                 {"direction", domain::to_string(finding.direction)},
                 {"ratio", finding.ratio},
                 {"percent", finding.percent},
                 {"bound", domain::to_string(finding.bound)},
                 {"at", finding.at},
                 {"targets", finding.targets},
                 {"common_targets", row.comparison->targets.size()},
                 {"earlier", run_json(row.comparison->earlier)},
                 {"later", run_json(row.comparison->later)},
                 {"values", std::move(values)}});
    findings.push_back(std::move(json));
  }
  nlohmann::json comparisons = nlohmann::json::array();
  for (const domain::ChangeSeries& series : answer.series) {
    for (const domain::RunComparison& comparison : series.comparisons) {
      comparisons.push_back({{"configuration", series.configuration.label()},
                             {"earlier_date", comparison.earlier.date},
                             {"later_date", comparison.later.date},
                             {"common_targets", comparison.targets.size()},
                             {"findings", comparison.findings.size()}});
    }
  }
  nlohmann::json runs = nlohmann::json::array();
  for (const RunStatus& run : answer.runs) {
    nlohmann::json json = to_json(run.configuration);
    json.update({{"date", run.date},
                 {"image", run.image.empty() ? nlohmann::json() : nlohmann::json(run.image)},
                 {"status", run.carried_over() ? "carried_over" : "new"},
                 {"points", run.points},
                 {"new_points", run.new_points},
                 {"carried_over_points", run.points - run.new_points}});
    runs.push_back(std::move(json));
  }
  return {{"model", query.filter.model ? nlohmann::json(*query.filter.model) : nlohmann::json()},
          {"threshold", query.options.threshold},
          {"since", query.options.since ? nlohmann::json(*query.options.since) : nlohmann::json()},
          {"spread_days", query.options.spread_days},
          {"join_precisions", query.join_precisions},
          {"metric", domain::to_string(query.metric)},
          {"target_step", domain::k_change_target_step},
          {"findings", std::move(findings)},
          {"comparisons", std::move(comparisons)},
          {"runs", std::move(runs)}};
}

}  // namespace infertrack::app
