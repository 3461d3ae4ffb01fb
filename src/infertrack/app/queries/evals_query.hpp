#pragma once

#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/domain/accuracy_tradeoff.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/eval_result.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace infertrack::app {

// One accuracy score beside the throughput its configuration serves at the query's target.
struct EvalRow
{
  domain::EvalResult eval;
  domain::ConfigGroupKey configuration;  // without a date; its workload is the curve's when one was matched
  std::optional<domain::InterpolatedThroughput> value;  // none: no stored curve of this configuration
};

// The scores of a model's configurations, each beside its throughput at `target`, and the warnings where a faster
// configuration of the same model and hardware scores measurably lower on a task.
struct EvalsAnswer
{
  double target = 0;
  std::vector<EvalRow> rows;
  std::vector<domain::AccuracyWarning> warnings;
};

// Reads `query.filter`'s scores (its model's) and interpolates its latest runs at `query.target`. A score that
// names a workload joins that workload's curve; one that names none joins every curve of its configuration
// (accuracy is a property of the served model, not of the benchmark's lengths). Warnings compare the latest
// score per task of each curve.
EvalsAnswer answer_evals(store::Store& store, const InterpolationQuery& query);

// The answer as `evals --json` and GET /api/v1/evals give it: {target_interactivity, evals, warnings}.
nlohmann::json evals_answer_json(const EvalsAnswer& answer);

}  // namespace infertrack::app
