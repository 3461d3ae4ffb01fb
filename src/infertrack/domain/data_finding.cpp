#include "infertrack/domain/data_finding.hpp"

#include <array>
#include <utility>

namespace infertrack::domain {
namespace {

constexpr std::array<std::pair<FindingKind, const char*>, 10> k_names{{
  {FindingKind::per_gpu_mismatch, "per_gpu_mismatch"},
  {FindingKind::mirrored_gpu_columns, "mirrored_gpu_columns"},
  {FindingKind::gpu_count_mismatch, "gpu_count_mismatch"},
  {FindingKind::precision_label_conflict, "precision_label_conflict"},
  {FindingKind::date_disagreement, "date_disagreement"},
  {FindingKind::thin_frontier, "thin_frontier"},
  {FindingKind::headline_outside_range, "headline_outside_range"},
  {FindingKind::mixed_interactivity_basis, "mixed_interactivity_basis"},
  {FindingKind::mixed_per_gpu_basis, "mixed_per_gpu_basis"},
  {FindingKind::p90_above_median, "p90_above_median"},
}};

}  // namespace

const char*
to_string(FindingKind kind)
{
  for (const auto& [value, name] : k_names) {
    if (value == kind) {
      return name;
    }
  }
  return "unknown";
}

std::optional<FindingKind>
parse_finding_kind(std::string_view text)
{
  for (const auto& [value, name] : k_names) {
    if (text == name) {
      return value;
    }
  }
  return std::nullopt;
}

}  // namespace infertrack::domain
