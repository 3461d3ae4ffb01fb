#include "infertrack/domain/point_fields.hpp"

#include "infertrack/domain/name_aliases.hpp"
#include "infertrack/domain/point_field_members.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace infertrack::domain {

namespace {

constexpr auto k_always = FieldNeed::always;
constexpr auto k_optional = FieldNeed::optional;

constexpr std::string_view k_tps_per_gpu = "tok/s/GPU";
constexpr std::string_view k_tps = "tok/s";
constexpr std::string_view k_tps_per_user = "tok/s/user";
constexpr std::string_view k_tokens = "tokens";
constexpr std::string_view k_seconds = "s";
constexpr std::string_view k_gpus = "GPUs";
constexpr std::string_view k_fraction = "fraction 0-1";

}  // namespace

// clang-format off
constexpr std::array<PointFieldInfo, k_point_field_count> k_point_fields = {{
  {"result_id", "result_id", "", FieldRule::id, k_always},
  {"model", "model", "", FieldRule::name, k_always, canonical_model},
  {"hardware", "hardware", "", FieldRule::name, k_always, canonical_hardware},
  {"framework", "framework", "", FieldRule::name, k_always, canonical_framework},
  {"precision", "precision", "", FieldRule::name, k_always, canonical_precision},
  {"spec_method", "spec_method", "", FieldRule::label, k_always},
  {"workload", "workload", "", FieldRule::workload, k_always},
  {"concurrency", "concurrency", "requests", FieldRule::count, k_always},
  {"disaggregated", "disaggregated", "", FieldRule::flag, k_always},
  {"isl", "isl", k_tokens, FieldRule::count, k_optional},
  {"osl", "osl", k_tokens, FieldRule::count, k_optional},
  {"prefill_gpus", "prefill_gpus", k_gpus, FieldRule::count, k_optional},
  {"decode_gpus", "decode_gpus", k_gpus, FieldRule::count, k_optional},
  {"aggregate_engine_gpus", "aggregate_engine_gpus", k_gpus, FieldRule::count, k_optional},
  {"total_allocated_gpus", "total_allocated_gpus", k_gpus, FieldRule::count, k_always},
  {"tp", "tp", k_gpus, FieldRule::count, k_optional},
  {"ep", "ep", k_gpus, FieldRule::count, k_optional},
  {"per_gpu_tps.input", "input_tps_per_gpu", k_tps_per_gpu, FieldRule::non_negative, k_optional},
  {"per_gpu_tps.output", "output_tps_per_gpu", k_tps_per_gpu, FieldRule::non_negative, k_optional},
  {"per_gpu_tps.total", "total_tps_per_gpu", k_tps_per_gpu, FieldRule::non_negative, k_optional},
  {"absolute_tps.input", "input_tps", k_tps, FieldRule::non_negative, k_optional},
  {"absolute_tps.output", "output_tps", k_tps, FieldRule::non_negative, k_optional},
  {"absolute_tps.total", "total_tps", k_tps, FieldRule::non_negative, k_optional},
  {"per_gpu_basis", "per_gpu_basis", "", FieldRule::basis, k_always},
  {"interactivity_p90", "interactivity_p90", k_tps_per_user, FieldRule::positive, k_optional},
  {"interactivity_median", "interactivity_median", k_tps_per_user, FieldRule::positive, k_optional},
  {"latency.ttft.mean", "mean_ttft", k_seconds, FieldRule::non_negative, k_optional},
  {"latency.ttft.median", "median_ttft", k_seconds, FieldRule::non_negative, k_optional},
  {"latency.ttft.p90", "p90_ttft", k_seconds, FieldRule::non_negative, k_optional},
  {"latency.ttft.p99", "p99_ttft", k_seconds, FieldRule::non_negative, k_optional},
  {"latency.e2el.mean", "mean_e2el", k_seconds, FieldRule::non_negative, k_optional},
  {"latency.e2el.median", "median_e2el", k_seconds, FieldRule::non_negative, k_optional},
  {"latency.e2el.p90", "p90_e2el", k_seconds, FieldRule::non_negative, k_optional},
  {"latency.e2el.p99", "p99_e2el", k_seconds, FieldRule::non_negative, k_optional},
  {"tokens.mean_input", "mean_input_tokens", k_tokens, FieldRule::non_negative, k_optional},
  {"tokens.median_input", "median_input_tokens", k_tokens, FieldRule::non_negative, k_optional},
  {"tokens.p90_input", "p90_input_tokens", k_tokens, FieldRule::non_negative, k_optional},
  {"tokens.mean_output", "mean_output_tokens", k_tokens, FieldRule::non_negative, k_optional},
  {"tokens.median_output", "median_output_tokens", k_tokens, FieldRule::non_negative, k_optional},
  {"tokens.p90_output", "p90_output_tokens", k_tokens, FieldRule::non_negative, k_optional},
  {"cache.gpu", "gpu_cache_hit_rate", k_fraction, FieldRule::fraction, k_optional},
  {"cache.cpu", "cpu_cache_hit_rate", k_fraction, FieldRule::fraction, k_optional},
  {"cache.external", "external_cache_hit_rate", k_fraction, FieldRule::fraction, k_optional},
  {"cache.theoretical", "theoretical_cache_hit_rate", k_fraction, FieldRule::fraction, k_optional},
  {"offload_mode", "offload_mode", "", FieldRule::text, k_optional},
  {"kv_offloading", "kv_offloading", "", FieldRule::text, k_optional},
  {"kv_offload_backend", "kv_offload_backend", "", FieldRule::text, k_optional},
  {"isolated_uncached_prefill_tps_per_gpu", "isolated_uncached_prefill_tps_per_gpu", k_tps_per_gpu,
   FieldRule::non_negative, k_optional},
  {"context_limit_tokens", "context_limit_tokens", k_tokens, FieldRule::count, k_optional},
  {"kv_precision", "kv_precision", "", FieldRule::text, k_optional},
  {"date", "date", "", FieldRule::date, k_always},
  {"run_date", "run_date", "", FieldRule::date, k_optional},
  {"image", "image", "", FieldRule::text, k_optional},
  {"run_url", "run_url", "", FieldRule::text, k_optional},
  {"workflow_id", "workflow_id", "", FieldRule::external_id, k_optional},
  {"recipe_fingerprint", "recipe_fingerprint", "", FieldRule::text, k_optional},
  {"source_url", "source_url", "", FieldRule::text, k_optional},
}};
// clang-format on

namespace {

// The member type a rule's value is held in, plain or optional.
template<typename T>
constexpr bool
holds(FieldRule rule)
{
  switch (rule) {
    case FieldRule::count:
      return std::is_same_v<T, std::int64_t>;
    case FieldRule::non_negative:
    case FieldRule::positive:
    case FieldRule::fraction:
      return std::is_same_v<T, double>;
    case FieldRule::flag:
      return std::is_same_v<T, bool>;
    case FieldRule::basis:
      return std::is_same_v<T, PerGpuBasis>;
    default:
      return std::is_same_v<T, std::string>;
  }
}

template<typename T> struct Unwrapped
{
  using type = T;
  static constexpr FieldNeed need = FieldNeed::always;
};
template<typename T> struct Unwrapped<std::optional<T>>
{
  using type = T;
  static constexpr FieldNeed need = FieldNeed::optional;
};

// Each accessor's member type agrees with its row of the table: a row out of step fails here, not at run time.
template<std::size_t... I>
constexpr bool
members_match_table(std::index_sequence<I...>)
{
  constexpr auto matches = [](auto field, const PointFieldInfo& info) {
    using Member =
      std::remove_cvref_t<decltype(point_member<decltype(field)::value>(std::declval<BenchmarkPoint&>()))>;
    return holds<typename Unwrapped<Member>::type>(info.rule) && Unwrapped<Member>::need == info.need;
  };
  return (matches(std::integral_constant<PointField, static_cast<PointField>(I)>{}, k_point_fields[I]) && ...);
}

static_assert(members_match_table(std::make_index_sequence<k_point_field_count>{}));

}  // namespace

}  // namespace infertrack::domain
