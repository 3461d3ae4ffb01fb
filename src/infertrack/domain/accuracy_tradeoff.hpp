#pragma once

#include "infertrack/domain/eval_result.hpp"

#include <string>
#include <vector>

namespace infertrack::domain {

// A configuration's scores beside its throughput at one target: what an accuracy warning compares.
struct ScoredConfiguration
{
  std::string label;                        // the configuration as answers name it
  std::string model;
  std::string hardware;
  double throughput = 0;                    // per GPU at the target
  std::vector<EvalResult> evals;            // the latest score per task
};

// A faster configuration that scores measurably lower on one task than a slower one of the same model and
// hardware: the score difference exceeds k_measurable_standard_errors combined standard errors.
struct AccuracyWarning
{
  std::string task;
  std::string faster;                       // labels
  std::string slower;
  double faster_throughput = 0;
  double slower_throughput = 0;
  double faster_score = 0;
  double slower_score = 0;
  double combined_standard_error = 0;       // sqrt(se_faster^2 + se_slower^2)
  std::string detail;                       // one sentence for the caveat lists
};

inline constexpr double k_measurable_standard_errors = 2.0;

// Whether `lower` scores measurably below `higher`: higher.score - lower.score > 2 sqrt(se1^2 + se2^2).
bool scores_measurably_lower(const EvalResult& lower, const EvalResult& higher);

// Every pair of `configurations` of one model and hardware where the faster scores measurably lower on a task
// both were evaluated on, ordered as `configurations` are (faster first).
std::vector<AccuracyWarning> accuracy_warnings(const std::vector<ScoredConfiguration>& configurations);

}  // namespace infertrack::domain
