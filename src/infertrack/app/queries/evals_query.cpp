#include "infertrack/app/queries/evals_query.hpp"

#include "infertrack/app/queries/json_views.hpp"

#include <algorithm>

namespace infertrack::app {

namespace {

domain::ConfigGroupKey
configuration_of(const domain::EvalResult& eval)
{
  return domain::ConfigGroupKey{eval.model, eval.hardware,     eval.framework, eval.precision, eval.spec_method,
                                eval.disaggregated, eval.workload(), ""};
}

bool
joins(const domain::EvalResult& eval, const domain::ConfigGroupKey& curve)
{
  return eval.model == curve.model && eval.hardware == curve.hardware && eval.framework == curve.framework
         && eval.precision == curve.precision && eval.spec_method == curve.spec_method
         && eval.disaggregated == curve.disaggregated && (!eval.isl || eval.workload() == curve.workload);
}

// Filters other than the model narrow the scores as they narrow the points.
bool
selected(const domain::EvalResult& eval, const store::PointFilter& filter)
{
  return (!filter.hardware || *filter.hardware == eval.hardware)
         && (!filter.framework || *filter.framework == eval.framework)
         && (!filter.precision || *filter.precision == eval.precision)
         && (!filter.spec_method || *filter.spec_method == eval.spec_method)
         && (!filter.disaggregated || *filter.disaggregated == eval.disaggregated);
}

}  // namespace

EvalsAnswer
answer_evals(store::Store& store, const InterpolationQuery& query)
{
  EvalsAnswer answer;
  answer.target = query.target;
  std::vector<domain::EvalResult> evals = store.evals(query.filter.model.value_or(""));
  std::erase_if(evals, [&](const domain::EvalResult& eval) { return !selected(eval, query.filter); });
  if (evals.empty()) {
    return answer;
  }
  const std::vector<InterpolationRow> curves = interpolate(store, query);
  std::vector<domain::ScoredConfiguration> scored(curves.size());
  for (std::size_t i = 0; i < curves.size(); ++i) {
    scored[i].label = curves[i].curve.group.without_date().label();
    scored[i].model = curves[i].curve.group.model;
    scored[i].hardware = curves[i].curve.group.hardware;
    scored[i].throughput = curves[i].value.throughput.value_or(0);
  }
  for (const domain::EvalResult& eval : evals) {
    bool joined = false;
    for (std::size_t i = 0; i < curves.size(); ++i) {
      const domain::ConfigGroupKey& group = curves[i].curve.group;
      if (!joins(eval, group)) {
        continue;
      }
      joined = true;
      answer.rows.push_back(EvalRow{eval, group.without_date(), curves[i].value});
      // The store orders a task's scores by date: a later one replaces an earlier one.
      auto& kept = scored[i].evals;
      const auto same_task = std::find_if(kept.begin(), kept.end(), [&](const domain::EvalResult& other) {
        return other.task == eval.task && other.metric == eval.metric;
      });
      if (same_task == kept.end()) {
        kept.push_back(eval);
      } else if (same_task->date <= eval.date) {
        *same_task = eval;
      }
    }
    if (!joined) {
      answer.rows.push_back(EvalRow{eval, configuration_of(eval), std::nullopt});
    }
  }
  // Only curves that reach the target have a throughput to trade.
  std::erase_if(scored, [&](const domain::ScoredConfiguration& configuration) {
    return configuration.evals.empty() || configuration.throughput <= 0;
  });
  answer.warnings = domain::accuracy_warnings(scored);
  return answer;
}

nlohmann::json
evals_answer_json(const EvalsAnswer& answer)
{
  nlohmann::json json = {{"target_interactivity", answer.target},
                         {"evals", nlohmann::json::array()},
                         {"warnings", nlohmann::json::array()}};
  for (const EvalRow& row : answer.rows) {
    nlohmann::json item = to_json(row.configuration);
    item["task"] = row.eval.task;
    item["score"] = row.eval.score;
    item["stderr"] = row.eval.standard_error;
    item["date"] = row.eval.date;
    item["metric"] = optional_json(row.eval.metric);
    item["conc"] = optional_json(row.eval.concurrency);
    item["run_url"] = optional_json(row.eval.run_url);
    item["eval_id"] = row.eval.eval_id;
    item["interpolation"] = row.value ? to_json(*row.value) : nlohmann::json(nullptr);
    json["evals"].push_back(std::move(item));
  }
  for (const domain::AccuracyWarning& warning : answer.warnings) {
    json["warnings"].push_back({{"task", warning.task},
                                {"faster", warning.faster},
                                {"slower", warning.slower},
                                {"faster_tps_per_gpu", warning.faster_throughput},
                                {"slower_tps_per_gpu", warning.slower_throughput},
                                {"faster_score", warning.faster_score},
                                {"slower_score", warning.slower_score},
                                {"combined_stderr", warning.combined_standard_error},
                                {"detail", warning.detail}});
  }
  return json;
}

}  // namespace infertrack::app
