#pragma once

#include <optional>
#include <string>

namespace infertrack::domain {

// A data-quality observation about a stored point: shown to users beside the point, never silently fixed.
enum class FindingKind
{
  per_gpu_mismatch,         // per-GPU value != absolute / allocated GPUs beyond tolerance
  mirrored_gpu_columns,     // aggregated row repeats the engine's GPUs in both P and D columns
  gpu_count_mismatch,       // P + D (or the engine count) disagrees with total allocated GPUs
  precision_label_conflict, // the published precision label disagrees with the engine log
  date_disagreement,        // the API date and the run's own date differ
  thin_frontier,            // a target read off a frontier gap too wide to trust the spline (not stored)
  headline_outside_range,   // a published headline's target lies outside its curve's measured range (not stored)
  mixed_interactivity_basis, // one run of a configuration has points on different interactivity statistics
  mixed_per_gpu_basis,      // one run of a configuration divides per-GPU values by different GPU sets
  p90_above_median,         // a P90 interactivity above the median: the source gave the fast tail, not the slow
};

struct DataFinding
{
  std::string result_id;
  FindingKind kind = FindingKind::per_gpu_mismatch;
  std::string detail; // one sentence with the numbers involved

  bool operator==(const DataFinding&) const = default;
};

const char* to_string(FindingKind kind);
std::optional<FindingKind> parse_finding_kind(std::string_view text);

}  // namespace infertrack::domain
