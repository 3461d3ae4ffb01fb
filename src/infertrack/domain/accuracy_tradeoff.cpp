#include "infertrack/domain/accuracy_tradeoff.hpp"

#include <fmt/core.h>

#include <cmath>

namespace infertrack::domain {

namespace {

double
combined_standard_error(const EvalResult& a, const EvalResult& b)
{
  return std::sqrt(a.standard_error * a.standard_error + b.standard_error * b.standard_error);
}

}  // namespace

bool
scores_measurably_lower(const EvalResult& lower, const EvalResult& higher)
{
  return higher.score - lower.score > k_measurable_standard_errors * combined_standard_error(lower, higher);
}

std::vector<AccuracyWarning>
accuracy_warnings(const std::vector<ScoredConfiguration>& configurations)
{
  std::vector<AccuracyWarning> warnings;
  for (const ScoredConfiguration& faster : configurations) {
    for (const ScoredConfiguration& slower : configurations) {
      // Equal throughputs buy nothing: only a strictly faster configuration trades accuracy for speed.
      if (&faster == &slower || faster.model != slower.model || faster.hardware != slower.hardware
          || !(faster.throughput > slower.throughput)) {
        continue;
      }
      for (const EvalResult& fast_eval : faster.evals) {
        for (const EvalResult& slow_eval : slower.evals) {
          if (fast_eval.task != slow_eval.task || !scores_measurably_lower(fast_eval, slow_eval)) {
            continue;
          }
          const double se = combined_standard_error(fast_eval, slow_eval);
          warnings.push_back(AccuracyWarning{
            fast_eval.task, faster.label, slower.label, faster.throughput, slower.throughput, fast_eval.score,
            slow_eval.score, se,
            fmt::format("{} is faster than {} ({:.4g} vs {:.4g} tok/s/GPU) but scores lower on {}: {:.4f} ± {:.4f} "
                        "vs {:.4f} ± {:.4f}, a difference of {:.4f}, more than {} combined standard errors ({:.4f})",
                        faster.label, slower.label, faster.throughput, slower.throughput, fast_eval.task,
                        fast_eval.score, fast_eval.standard_error, slow_eval.score, slow_eval.standard_error,
                        slow_eval.score - fast_eval.score, k_measurable_standard_errors,
                        k_measurable_standard_errors * se)});
        }
      }
    }
  }
  return warnings;
}

}  // namespace infertrack::domain
