#include "infertrack/formats/inferencex_row_fields.hpp"

#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/key_index.hpp"

#include <string>

namespace infertrack::formats {

namespace {

using domain::BenchmarkPoint;
using util::Result;

Result<std::optional<bool>>
read_optional_bool(JsonValue& value, const JsonPlace& at)
{
  INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
  if (null) {
    return std::optional<bool>();
  }
  INFERTRACK_TRY_ASSIGN(flag, read_bool(value, at));
  return std::optional<bool>(flag);
}

using domain::PointField;

// The point field each row key fills, in InferencexField order; the others fill the row state.
// clang-format off
constexpr std::array<std::optional<PointField>, k_inferencex_fields.size()> k_field_points = {
  PointField::hardware, PointField::framework, PointField::model, PointField::precision, PointField::spec_method,
  PointField::disaggregated, std::nullopt,
  std::nullopt, std::nullopt, std::nullopt, std::nullopt,
  PointField::tp, PointField::ep, std::nullopt, std::nullopt,
  std::nullopt, std::nullopt, std::nullopt, PointField::isl, PointField::osl, PointField::concurrency,
  PointField::offload_mode, PointField::image, PointField::date, PointField::run_url, std::nullopt,
};

// The point field each metric fills, in InferencexMetric order.
constexpr std::array<PointField, k_inferencex_metrics.size()> k_metric_points = {
  PointField::total_tps_per_gpu, PointField::input_tps_per_gpu, PointField::output_tps_per_gpu,
  PointField::total_tps, PointField::input_tps, PointField::output_tps,
  PointField::interactivity_median, PointField::interactivity_p90,
  PointField::mean_input_tokens, PointField::median_input_tokens, PointField::p90_input_tokens,
  PointField::mean_output_tokens, PointField::median_output_tokens, PointField::p90_output_tokens,
  PointField::gpu_cache_hit_rate, PointField::cpu_cache_hit_rate,
  PointField::external_cache_hit_rate, PointField::theoretical_cache_hit_rate,
  PointField::mean_ttft, PointField::median_ttft, PointField::p90_ttft, PointField::p99_ttft, PointField::mean_e2el, PointField::median_e2el, PointField::p90_e2el, PointField::p99_e2el,
};
// clang-format on
static_assert(k_field_points[static_cast<std::size_t>(InferencexField::run_url)] == PointField::run_url);
static_assert(k_metric_points[static_cast<std::size_t>(InferencexMetric::theoretical_cache_hit_rate)]
              == PointField::theoretical_cache_hit_rate);
static_assert(k_metric_points[static_cast<std::size_t>(InferencexMetric::p99_e2el)] == PointField::p99_e2el);

}  // namespace

Result<std::optional<std::int64_t>>
read_optional_non_negative_count(JsonValue& value, const JsonPlace& at)
{
  constexpr std::string_view k_expected = "an integer >= 0";
  INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
  if (null) {
    return std::optional<std::int64_t>();
  }
  std::int64_t count = 0;
  if (value.get_int64().get(count) == simdjson::SUCCESS) {
    if (count < 0) {
      return fail_at(at,
                     "must not be negative (got " + std::to_string(count) + ", expected " + std::string(k_expected)
                       + ")");
    }
    return std::optional<std::int64_t>(count);
  }
  simdjson::ondemand::json_type type{};
  if (value.type().get(type) != simdjson::SUCCESS || type != simdjson::ondemand::json_type::number) {
    return wrong_type(value, at, k_expected);
  }
  const std::string_view token = raw_token(value);
  if (is_json_number(token) && token.find_first_of(".eE") != std::string_view::npos) {
    return fail_at(at, "not an integer (got " + elided_token(token) + ", expected " + std::string(k_expected) + ")");
  }
  return bad_number(value, at, k_expected);
}

std::optional<InferencexField>
inferencex_field_named(std::string_view key)
{
  static const KeyIndex<InferencexField> k_index(k_inferencex_fields);
  return k_index.find(key);
}

std::optional<InferencexMetric>
inferencex_metric_named(std::string_view key)
{
  static const KeyIndex<InferencexMetric> k_index(k_inferencex_metrics, k_metrics_prefix.size());
  return k_index.find(key);
}

std::string_view
name_of(InferencexField field)
{
  return k_inferencex_fields[static_cast<std::size_t>(field)];
}

std::string_view
place_of(InferencexMetric metric)
{
  return k_inferencex_metrics[static_cast<std::size_t>(metric)];
}

std::optional<PointField>
point_field_of(InferencexField field)
{
  return k_field_points[static_cast<std::size_t>(field)];
}

PointField
point_field_of(InferencexMetric metric)
{
  return k_metric_points[static_cast<std::size_t>(metric)];
}

Result<void>
read_inferencex_metric(InferencexMetric metric,
                       JsonValue& value,
                       const JsonPlace& at,
                       JsonPointFields& fields,
                       BenchmarkPoint& point)
{
  if (metric == InferencexMetric::tput_per_gpu) {
    // Required, so null is refused rather than read as unknown.
    INFERTRACK_TRY_ASSIGN(total, read_number(value, at, NumberRule::non_negative));
    point.per_gpu_tps.total = total;
    return {};
  }
  return fields.read(point_field_of(metric), value, at, point);
}

Result<void>
read_inferencex_field(InferencexField field,
                      JsonValue& value,
                      const JsonPlace& at,
                      InferencexRowState& state,
                      JsonPointFields& fields,
                      BenchmarkPoint& point)
{
  if (const auto point_field = point_field_of(field)) {
    return fields.read(*point_field, value, at, point);
  }
  switch (field) {
    case InferencexField::is_multinode:
      return assign_read(read_optional_bool(value, at), state.is_multinode);
    case InferencexField::prefill_dp_attention:
      return assign_read(read_optional_bool(value, at), state.prefill_dp_attention);
    case InferencexField::decode_dp_attention:
      return assign_read(read_optional_bool(value, at), state.decode_dp_attention);
    case InferencexField::prefill_tp:
      return assign_read(read_optional_count(value, at), state.prefill_tp);
    case InferencexField::prefill_ep:
      return assign_read(read_optional_count(value, at), state.prefill_ep);
    case InferencexField::prefill_num_workers:
      return assign_read(read_optional_non_negative_count(value, at), state.prefill_num_workers);
    case InferencexField::decode_num_workers:
      return assign_read(read_optional_non_negative_count(value, at), state.decode_num_workers);
    case InferencexField::num_prefill_gpu:
      return assign_read(read_count(value, at), state.num_prefill_gpu);
    case InferencexField::num_decode_gpu:
      return assign_read(read_count(value, at), state.num_decode_gpu);
    case InferencexField::benchmark_type: {
      INFERTRACK_TRY_ASSIGN(type, read_optional_string(value, at));
      if (type && *type != k_single_turn && *type != k_agentic_traces) {
        return fail_at(at,
                       "unknown benchmark type (got " + quoted_text(*type) + ", expected \"single_turn\" or "
                         + "\"agentic_traces\")");
      }
      state.agentic = type == k_agentic_traces;
      return {};
    }
    default:
      return {};  // `metrics`, read by the row reader, which places them
  }
}

}  // namespace infertrack::formats
