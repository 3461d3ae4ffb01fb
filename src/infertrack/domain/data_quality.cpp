#include "infertrack/domain/data_quality.hpp"

#include "infertrack/domain/configuration_view.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <unordered_set>

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
  std::int64_t pools = 0;
  if (point.disaggregated && point.prefill_gpus && point.decode_gpus &&
      !__builtin_add_overflow(*point.prefill_gpus, *point.decode_gpus, &pools)) {  // readers refuse an overflow
    return pools;
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

namespace {

void
add_finding(std::vector<DataFinding>& findings, const BenchmarkPoint& point, FindingKind kind, std::string detail)
{
  findings.push_back({point.result_id, kind, std::move(detail)});
}

// Each role's per-GPU value against its absolute value divided by the GPUs of that role (`physical` in all).
void
check_per_gpu_values(const BenchmarkPoint& point, std::int64_t physical, std::vector<DataFinding>& findings)
{
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
      add_finding(findings, point, FindingKind::per_gpu_mismatch,
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
}

void
check_throughput_sum(const BenchmarkPoint& point, std::int64_t physical, std::vector<DataFinding>& findings)
{
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
    if (!(gap <= k_per_gpu_sum_tolerance)) {
      add_finding(findings, point, FindingKind::per_gpu_mismatch,
          fmt::format("Total throughput {} tok/s differs from input {} + output {} = {} tok/s by {:.3g} tok/s "
                      "per allocated GPU ({} GPUs, per-GPU basis {}; tolerance {}).",
                      *total,
                      *input,
                      *output,
                      *input + *output,
                      gap,
                      physical,
                      to_string(point.per_gpu_basis),
                      k_per_gpu_sum_tolerance));
    }
  }
}

// Aggregated engines whose GPUs a source lists under both prefill and decode, which would count them twice.
void
check_mirrored_gpu_columns(const BenchmarkPoint& point, std::vector<DataFinding>& findings)
{
  if (!point.disaggregated && point.prefill_gpus && point.decode_gpus && point.aggregate_engine_gpus
      && *point.prefill_gpus == *point.aggregate_engine_gpus
      && *point.decode_gpus == *point.aggregate_engine_gpus) {
    add_finding(findings, point, FindingKind::mirrored_gpu_columns,
        fmt::format("Aggregated engine of {} GPUs is listed in both prefill and decode columns; "
                    "counted once as {} GPUs, not {}.",
                    *point.aggregate_engine_gpus,
                    *point.aggregate_engine_gpus,
                    *point.prefill_gpus + *point.decode_gpus));
  }

  // Without the engine's own count, mirrored columns show as a total that is their sum.
  if (!point.disaggregated && !point.aggregate_engine_gpus && point.prefill_gpus && point.decode_gpus
      && *point.prefill_gpus == *point.decode_gpus && *point.prefill_gpus > 0
      && point.total_allocated_gpus == *point.prefill_gpus + *point.decode_gpus) {
    add_finding(findings, point, FindingKind::mirrored_gpu_columns,
        fmt::format("Aggregated row lists {} GPUs in both prefill and decode columns and {} allocated GPUs in all: "
                    "one engine of {} GPUs listed twice would be counted as {}.",
                    *point.prefill_gpus,
                    point.total_allocated_gpus,
                    *point.prefill_gpus,
                    point.total_allocated_gpus));
  }
}

// The total GPUs against the roles' or the aggregated engine's own counts.
void
check_gpu_total(const BenchmarkPoint& point, std::vector<DataFinding>& findings)
{
  // total_allocated_gpus of 0 means the source did not give it: nothing to disagree with.
  if (point.total_allocated_gpus > 0) {
    if (point.disaggregated && point.prefill_gpus && point.decode_gpus
        && point.total_allocated_gpus != *point.prefill_gpus + *point.decode_gpus) {
      add_finding(findings, point, FindingKind::gpu_count_mismatch,
          fmt::format("Total allocated GPUs {} differ from {} prefill + {} decode = {}.",
                      point.total_allocated_gpus,
                      *point.prefill_gpus,
                      *point.decode_gpus,
                      *point.prefill_gpus + *point.decode_gpus));
    } else if (!point.disaggregated && point.aggregate_engine_gpus
               && point.total_allocated_gpus != *point.aggregate_engine_gpus) {
      add_finding(findings, point, FindingKind::gpu_count_mismatch,
          fmt::format("Total allocated GPUs {} differ from the aggregated engine's {} GPUs.",
                      point.total_allocated_gpus,
                      *point.aggregate_engine_gpus));
    }
  }
}

void
check_p90_below_median(const BenchmarkPoint& point, std::vector<DataFinding>& findings)
{
  // A P90 interactivity is the slow tail (1 / P90 latency), so it lies at or below the median.
  if (point.interactivity_p90 && point.interactivity_median && *point.interactivity_p90 > *point.interactivity_median) {
    add_finding(findings, point, FindingKind::p90_above_median,
        fmt::format("P90 interactivity {} tok/s/user is above the median {}: a P90 is the slow tail and lies below "
                    "it; the source may give the fast tail (the P90 of 1 / latency) instead.",
                    *point.interactivity_p90,
                    *point.interactivity_median));
  }
}

// Where the source contradicts itself: an engine log disputing the precision label, a run dated otherwise.
void
check_source_disagreements(const BenchmarkPoint& point, std::vector<DataFinding>& findings)
{
  for (const PointNote& note : point.notes) {
    if (note.kind == "precision_note") {
      add_finding(findings, point, FindingKind::precision_label_conflict,
          fmt::format("Precision label {} is disputed by the engine log: {}", point.precision, note.text));
    }
  }

  if (point.run_date && *point.run_date != point.date) {
    add_finding(findings, point, FindingKind::date_disagreement,
        fmt::format("API date {} differs from the run's own date {}.", point.date, *point.run_date));
  }
}

}  // namespace

std::vector<DataFinding>
check_point(const BenchmarkPoint& point)
{
  std::vector<DataFinding> findings;
  // Against the physical GPUs, not total_allocated_gpus: a wrong total is its own finding (check_gpu_total).
  const std::int64_t physical = physical_gpu_count(point);
  check_per_gpu_values(point, physical, findings);
  check_throughput_sum(point, physical, findings);
  check_mirrored_gpu_columns(point, findings);
  check_p90_below_median(point, findings);
  check_gpu_total(point, findings);
  check_source_disagreements(point, findings);
  return findings;
}

namespace {

// Per run: its size, and how many of its points carry each interactivity statistic alone and each per-GPU basis.
struct RunCounts
{
  std::size_t size = 0;
  std::size_t p90_only = 0;
  std::size_t median_only = 0;
  std::size_t disaggregated = 0;
  std::size_t role_local = 0; // disaggregated points on the role-local basis
};

// A run mixes bases when one point has only P90 ITL and another only the median: no statistic puts every point on
// one axis, so its curve either drops points or (were it to use each point's own) draws agentic tails beside
// fixed-length medians. A point carrying both statistics fits either axis and mixes nothing.
void
check_interactivity_basis(std::string_view result_id,
                          const RunPoints::Member& member,
                          const RunCounts& run,
                          std::vector<DataFinding>& findings)
{
  if (run.p90_only == 0 || run.median_only == 0 || member.p90 == member.median) {
    return;
  }
  const bool p90_only = member.p90;
  const InteractivityBasis own = p90_only ? InteractivityBasis::p90_itl : InteractivityBasis::median_tpot;
  const InteractivityBasis other = p90_only ? InteractivityBasis::median_tpot : InteractivityBasis::p90_itl;
  findings.push_back({std::string(result_id),
                      FindingKind::mixed_interactivity_basis,
                      fmt::format("Interactivity is given only at {} while {} other point(s) of the same run "
                                  "({} points) give only {}; one curve cannot hold both.",
                                  to_string(own),
                                  p90_only ? run.median_only : run.p90_only,
                                  run.size,
                                  to_string(other))});
}

// Only disaggregated runs: an aggregated engine's role-local and all-GPU values are the same numbers. The odd
// points are the minority; on a tie the role-local ones, the seed's all-GPU basis being the reference.
void
check_per_gpu_basis(std::string_view result_id,
                    const RunPoints::Member& member,
                    const RunCounts& run,
                    std::vector<DataFinding>& findings)
{
  const std::size_t all_allocated = run.disaggregated - run.role_local;
  if (run.role_local == 0 || all_allocated == 0 || !member.disaggregated) {
    return;
  }
  const PerGpuBasis odd = run.role_local <= all_allocated ? PerGpuBasis::role_local : PerGpuBasis::all_allocated;
  if (member.basis != odd) {
    return;
  }
  const PerGpuBasis usual = odd == PerGpuBasis::role_local ? PerGpuBasis::all_allocated : PerGpuBasis::role_local;
  findings.push_back({std::string(result_id),
                      FindingKind::mixed_per_gpu_basis,
                      fmt::format("Per-GPU values are on the {} basis while {} other point(s) of the same run "
                                  "are on the {} basis: the source divided them differently; curves compare "
                                  "input and output per allocated GPU after scaling the role-local ones.",
                                  to_string(odd),
                                  odd == PerGpuBasis::role_local ? all_allocated : run.role_local,
                                  to_string(usual))});
}

}  // namespace

std::vector<DataFinding>
check_runs(std::span<const BenchmarkPoint> points)
{
  std::vector<const BenchmarkPoint*> pointers;
  pointers.reserve(points.size());
  for (const BenchmarkPoint& point : points) {
    pointers.push_back(&point);
  }
  return check_runs(pointers);
}

std::vector<DataFinding>
check_runs(std::span<const BenchmarkPoint* const> points)
{
  return check_runs(RunPoints(points));
}

std::vector<DataFinding>
check_runs(const RunPoints& points)
{
  std::vector<RunCounts> runs(points.run_count());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const RunPoints::Member& member = points.member(i);
    RunCounts& run = runs[member.run];
    ++run.size;
    run.p90_only += member.p90 && !member.median ? 1 : 0;
    run.median_only += member.median && !member.p90 ? 1 : 0;
    run.disaggregated += member.disaggregated ? 1 : 0;
    run.role_local += member.disaggregated && member.basis == PerGpuBasis::role_local ? 1 : 0;
  }
  // In point order, and for each point the interactivity finding before the per-GPU one.
  std::vector<DataFinding> findings;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const RunPoints::Member& member = points.member(i);
    const RunCounts& run = runs[member.run];
    check_interactivity_basis(points.result_id(i), member, run, findings);
    check_per_gpu_basis(points.result_id(i), member, run, findings);
  }
  return findings;
}

std::vector<DataFinding>
check_runs(const RunPoints& fresh, std::span<const BenchmarkPoint* const> stored)
{
  if (stored.empty()) {
    return check_runs(fresh);  // the usual first ingest of a run: no sets of a million entries to build
  }
  std::unordered_set<std::string_view> fresh_ids;
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    fresh_ids.insert(fresh.result_id(i));
  }
  RunPoints points;
  points.add(fresh);
  for (const BenchmarkPoint* point : stored) {
    if (!fresh_ids.contains(point->result_id) && fresh.contains_run(*point)) {
      points.add(*point);
    }
  }
  return check_runs(points);
}

std::vector<DataFinding>
check_runs(std::span<const BenchmarkPoint* const> fresh, std::span<const BenchmarkPoint* const> stored)
{
  return check_runs(RunPoints(fresh), stored);
}

}  // namespace infertrack::domain
