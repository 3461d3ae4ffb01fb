#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace infertrack::domain {

// One accuracy score of one configuration: an lm-eval task run against the served model (InferenceX evaluation
// results). It exists beside the throughput points because quantisation and speculative decoding can buy speed
// with accuracy; a score only means something next to the configuration that produced it.
struct EvalResult
{
  std::string eval_id;  // derived from the configuration, workload, concurrency, date, task, metric and run
  std::string model;
  std::string hardware;
  std::string framework;
  std::string precision;
  std::string spec_method;
  bool disaggregated = false;
  std::optional<std::int64_t> isl;          // tokens; unknown when the evaluation names no workload
  std::optional<std::int64_t> osl;
  std::optional<std::int64_t> concurrency;  // the serving concurrency during the evaluation, when given
  std::string date;                         // YYYY-MM-DD
  std::string task;                         // "gsm8k", "mmlu", ...
  double score = 0;                         // in [0, 1]
  double standard_error = 0;                // of `score`, >= 0
  std::optional<std::string> metric;        // lm-eval's metric name ("exact_match,strict-match")
  std::optional<std::string> run_url;

  bool operator==(const EvalResult&) const = default;

  // The workload as points name it ("1024/1024"), or empty when the evaluation names no lengths.
  std::string workload() const
  {
    return isl && osl ? std::to_string(*isl) + "/" + std::to_string(*osl) : std::string();
  }
};

}  // namespace infertrack::domain
