#include "infertrack/domain/data_quality.hpp"

#include <fmt/core.h>

#include <array>
#include <cmath>

namespace infertrack::domain {
namespace {

enum class Role
{
  input,
  output,
  total,
};

const char*
role_name(Role role)
{
  switch (role) {
    case Role::input:
      return "input";
    case Role::output:
      return "output";
    case Role::total:
      return "total";
  }
  return "unknown";
}

std::optional<double>&
field_of(Throughput& throughput, Role role)
{
  return role == Role::input ? throughput.input : (role == Role::output ? throughput.output : throughput.total);
}

const std::optional<double>&
field_of(const Throughput& throughput, Role role)
{
  return role == Role::input ? throughput.input : (role == Role::output ? throughput.output : throughput.total);
}

constexpr std::array<Role, 3> k_roles{Role::input, Role::output, Role::total};

// Role-local division only exists for disaggregated points: an aggregated engine does both roles on the
// same GPUs, and total is always divided by all of them.
bool
divided_by_role(const BenchmarkPoint& point, Role role)
{
  return point.per_gpu_basis == PerGpuBasis::role_local && point.disaggregated && role != Role::total;
}

// The GPUs a per-GPU value of `role` was divided by on the point's per-GPU basis (`all_gpus` unless
// role-local); empty when unknown.
std::optional<std::int64_t>
denominator(const BenchmarkPoint& point, Role role, std::int64_t all_gpus)
{
  std::optional<std::int64_t> gpus = all_gpus;
  if (divided_by_role(point, role)) {
    gpus = role == Role::output ? point.decode_gpus : point.prefill_gpus;
  }
  if (!gpus || *gpus <= 0) {
    return std::nullopt;
  }
  return gpus;
}

const char*
gpu_role_label(const BenchmarkPoint& point, Role role)
{
  if (!divided_by_role(point, role)) {
    return "allocated GPUs";
  }
  return role == Role::output ? "decode GPUs" : "prefill GPUs";
}

}  // namespace

std::int64_t
physical_gpu_count(const BenchmarkPoint& point)
{
  if (point.disaggregated && point.prefill_gpus && point.decode_gpus) {
    return *point.prefill_gpus + *point.decode_gpus;
  }
  if (!point.disaggregated && point.aggregate_engine_gpus) {
    return *point.aggregate_engine_gpus;
  }
  return point.total_allocated_gpus;
}

void
complete_point(BenchmarkPoint& point)
{
  if (point.total_allocated_gpus <= 0) {
    point.total_allocated_gpus = physical_gpu_count(point);
  }
  // The same denominator check_point verifies against, so a completed value never raises a mismatch.
  const std::int64_t physical = physical_gpu_count(point);
  for (const Role role : k_roles) {
    const std::optional<std::int64_t> gpus = denominator(point, role, physical);
    if (!gpus) {
      continue;
    }
    std::optional<double>& absolute = field_of(point.absolute_tps, role);
    std::optional<double>& per_gpu = field_of(point.per_gpu_tps, role);
    if (absolute && !per_gpu) {
      per_gpu = *absolute / static_cast<double>(*gpus);
    } else if (per_gpu && !absolute) {
      absolute = *per_gpu * static_cast<double>(*gpus);
    }
  }
}

std::optional<double>
derived_output_tps_per_decode_gpu(const BenchmarkPoint& point)
{
  if (!point.disaggregated || !point.decode_gpus || *point.decode_gpus <= 0 || !point.absolute_tps.output) {
    return std::nullopt;
  }
  return *point.absolute_tps.output / static_cast<double>(*point.decode_gpus);
}

std::vector<DataFinding>
check_point(const BenchmarkPoint& point)
{
  std::vector<DataFinding> findings;
  const auto add = [&](FindingKind kind, std::string detail) {
    findings.push_back({point.result_id, kind, std::move(detail)});
  };

  // Against the physical GPUs, not total_allocated_gpus: a wrong total is its own finding below.
  const std::int64_t physical = physical_gpu_count(point);
  for (const Role role : k_roles) {
    const std::optional<double>& absolute = field_of(point.absolute_tps, role);
    const std::optional<double>& per_gpu = field_of(point.per_gpu_tps, role);
    const std::optional<std::int64_t> gpus = denominator(point, role, physical);
    if (!absolute || !per_gpu || !gpus) {
      continue;
    }
    const double expected = *absolute / static_cast<double>(*gpus);
    const double gap = std::abs(*per_gpu - expected);
    if (!(gap <= k_per_gpu_tolerance)) {
      add(FindingKind::per_gpu_mismatch,
          fmt::format("Per-GPU {} throughput {} tok/s/GPU differs from {} / {} {} = {} by {:.3g} "
                      "(tolerance {}).",
                      role_name(role),
                      *per_gpu,
                      *absolute,
                      *gpus,
                      gpu_role_label(point, role),
                      expected,
                      gap,
                      k_per_gpu_tolerance));
    }
  }

  // The parts must add up: total = input + output (section 2), on the point's basis. A source that gives only
  // per-GPU values (the InferenceX API) is checked by nothing else: its absolutes are completed from them,
  // role by role, so only this sum shows per-GPU values divided by GPU counts other than the point's.
  std::array<std::optional<double>, 3> absolutes;
  for (std::size_t i = 0; i < k_roles.size(); ++i) {
    const std::optional<std::int64_t> gpus = denominator(point, k_roles[i], physical);
    const std::optional<double>& per_gpu = field_of(point.per_gpu_tps, k_roles[i]);
    absolutes[i] = field_of(point.absolute_tps, k_roles[i]);
    if (!absolutes[i] && per_gpu && gpus) {
      absolutes[i] = *per_gpu * static_cast<double>(*gpus);
    }
  }
  const auto& [input, output, total] = absolutes;
  if (input && output && total && physical > 0) {
    const double gap = std::abs(*total - (*input + *output)) / static_cast<double>(physical);
    if (!(gap <= k_per_gpu_tolerance)) {
      add(FindingKind::per_gpu_mismatch,
          fmt::format("Total throughput {} tok/s differs from input {} + output {} = {} tok/s by {:.3g} tok/s "
                      "per allocated GPU ({} GPUs, per-GPU basis {}; tolerance {}).",
                      *total,
                      *input,
                      *output,
                      *input + *output,
                      gap,
                      physical,
                      to_string(point.per_gpu_basis),
                      k_per_gpu_tolerance));
    }
  }

  if (!point.disaggregated && point.prefill_gpus && point.decode_gpus && point.aggregate_engine_gpus
      && *point.prefill_gpus == *point.aggregate_engine_gpus
      && *point.decode_gpus == *point.aggregate_engine_gpus) {
    add(FindingKind::mirrored_gpu_columns,
        fmt::format("Aggregated engine of {} GPUs is listed in both prefill and decode columns; "
                    "counted once as {} GPUs, not {}.",
                    *point.aggregate_engine_gpus,
                    *point.aggregate_engine_gpus,
                    *point.prefill_gpus + *point.decode_gpus));
  }

  // total_allocated_gpus of 0 means the source did not give it: nothing to disagree with.
  if (point.total_allocated_gpus > 0) {
    if (point.disaggregated && point.prefill_gpus && point.decode_gpus
        && point.total_allocated_gpus != *point.prefill_gpus + *point.decode_gpus) {
      add(FindingKind::gpu_count_mismatch,
          fmt::format("Total allocated GPUs {} differ from {} prefill + {} decode = {}.",
                      point.total_allocated_gpus,
                      *point.prefill_gpus,
                      *point.decode_gpus,
                      *point.prefill_gpus + *point.decode_gpus));
    } else if (!point.disaggregated && point.aggregate_engine_gpus
               && point.total_allocated_gpus != *point.aggregate_engine_gpus) {
      add(FindingKind::gpu_count_mismatch,
          fmt::format("Total allocated GPUs {} differ from the aggregated engine's {} GPUs.",
                      point.total_allocated_gpus,
                      *point.aggregate_engine_gpus));
    }
  }

  for (const PointNote& note : point.notes) {
    if (note.kind == "precision_note") {
      add(FindingKind::precision_label_conflict,
          fmt::format("Precision label {} is disputed by the engine log: {}", point.precision, note.text));
    }
  }

  if (point.run_date && *point.run_date != point.date) {
    add(FindingKind::date_disagreement,
        fmt::format("API date {} differs from the run's own date {}.", point.date, *point.run_date));
  }
  return findings;
}

}  // namespace infertrack::domain
