#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/data_finding.hpp"
#include "infertrack/domain/demand_preset.hpp"
#include "infertrack/domain/eval_result.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/published_headline.hpp"

#include <optional>
#include <string>
#include <vector>

namespace infertrack::domain {

// Everything one input file contributed, validated: what a format reader returns and a Store ingests whole.
struct Dataset
{
  std::string source;                     // where it came from: a file path or "bundled:<name>"
  std::optional<std::string> retrieved;   // when the source was captured, if it says
  std::optional<std::string> method;      // the source's own description of its capacity method
  std::vector<std::string> notes;         // dataset-wide caveats, verbatim
  std::vector<BenchmarkPoint> points;
  std::vector<HardwareCost> hardware;
  std::vector<DemandPreset> presets;
  std::vector<PublishedHeadline> headlines;
  std::vector<EvalResult> evals;          // accuracy scores (InferenceX evaluation results)
  std::vector<DataFinding> findings;      // filled by the data-quality checks before storing
  // For a source that carries less than a stored point (the points CSV): a stored point as this source would
  // carry it, written and read back. A point the source brings again is compared with a stored one in that form,
  // so that an export ingested into its own database is already stored. Null: compared whole.
  BenchmarkPoint (*as_carried)(const BenchmarkPoint& stored) = nullptr;
};

}  // namespace infertrack::domain
