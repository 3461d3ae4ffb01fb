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

Result<std::optional<std::string>>
read_optional_text(JsonValue& value, const JsonPlace& at)
{
  INFERTRACK_TRY_ASSIGN(text, read_optional_string(value, at));
  if (!text) {
    return std::optional<std::string>();
  }
  return std::optional<std::string>(std::string(*text));
}

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

Result<void>
read_inferencex_metric(InferencexMetric metric, JsonValue& value, const JsonPlace& at, BenchmarkPoint& point)
{
  const auto number = [&](std::optional<double>& out, NumberRule rule) -> Result<void> {
    INFERTRACK_TRY_ASSIGN(read, read_optional_number(value, at, rule));
    out = read;
    return {};
  };
  constexpr auto non_negative = NumberRule::non_negative;
  switch (metric) {
    case InferencexMetric::tput_per_gpu: {
      // Required, so null is refused rather than read as unknown.
      INFERTRACK_TRY_ASSIGN(total, read_number(value, at, non_negative));
      point.per_gpu_tps.total = total;
      return {};
    }
    case InferencexMetric::input_tput_per_gpu:
      return number(point.per_gpu_tps.input, non_negative);
    case InferencexMetric::output_tput_per_gpu:
      return number(point.per_gpu_tps.output, non_negative);
    case InferencexMetric::total_tput_tps:
      return number(point.absolute_tps.total, non_negative);
    case InferencexMetric::input_tput_tps:
      return number(point.absolute_tps.input, non_negative);
    case InferencexMetric::output_tput_tps:
      return number(point.absolute_tps.output, non_negative);
    case InferencexMetric::median_intvty:
      return number(point.interactivity_median, NumberRule::positive);
    case InferencexMetric::p90_intvty:
      return number(point.interactivity_p90, NumberRule::positive);
    case InferencexMetric::mean_input_tokens:
      return number(point.tokens.mean_input, non_negative);
    case InferencexMetric::median_input_tokens:
      return number(point.tokens.median_input, non_negative);
    case InferencexMetric::p90_input_tokens:
      return number(point.tokens.p90_input, non_negative);
    case InferencexMetric::mean_output_tokens:
      return number(point.tokens.mean_output, non_negative);
    case InferencexMetric::median_output_tokens:
      return number(point.tokens.median_output, non_negative);
    case InferencexMetric::p90_output_tokens:
      return number(point.tokens.p90_output, non_negative);
    case InferencexMetric::gpu_cache_hit_rate:
      return number(point.cache.gpu, NumberRule::fraction);
    case InferencexMetric::cpu_cache_hit_rate:
      return number(point.cache.cpu, NumberRule::fraction);
    case InferencexMetric::external_cache_hit_rate:
      return number(point.cache.external, NumberRule::fraction);
    case InferencexMetric::theoretical_cache_hit_rate:
      return number(point.cache.theoretical, NumberRule::fraction);
  }
  return {};
}

Result<void>
read_inferencex_field(InferencexField field,
                      JsonValue& value,
                      const JsonPlace& at,
                      InferencexRowState& state,
                      BenchmarkPoint& point)
{
  const auto count = [&](std::optional<std::int64_t>& out) -> Result<void> {
    INFERTRACK_TRY_ASSIGN(read, read_optional_count(value, at));
    out = read;
    return {};
  };
  const auto flag = [&](std::optional<bool>& out) -> Result<void> {
    INFERTRACK_TRY_ASSIGN(read, read_optional_bool(value, at));
    out = read;
    return {};
  };
  const auto workers = [&](std::optional<std::int64_t>& out) -> Result<void> {
    INFERTRACK_TRY_ASSIGN(read, read_optional_non_negative_count(value, at));
    out = read;
    return {};
  };
  const auto text = [&](std::optional<std::string>& out) -> Result<void> {
    INFERTRACK_TRY_ASSIGN(read, read_optional_text(value, at));
    out = std::move(read);
    return {};
  };
  switch (field) {
    case InferencexField::spec_method: {
      INFERTRACK_TRY_ASSIGN(method, read_string(value, at));
      if (auto problem = unusable_name(method)) {
        return fail_at(at, std::move(*problem));
      }
      point.spec_method = std::string(trim_blanks(method));
      return {};
    }
    case InferencexField::disagg: {
      INFERTRACK_TRY_ASSIGN(disaggregated, read_bool(value, at));
      point.disaggregated = disaggregated;
      return {};
    }
    case InferencexField::is_multinode:
      return flag(state.is_multinode);
    case InferencexField::prefill_dp_attention:
      return flag(state.prefill_dp_attention);
    case InferencexField::decode_dp_attention:
      return flag(state.decode_dp_attention);
    case InferencexField::prefill_tp:
      return count(state.prefill_tp);
    case InferencexField::prefill_ep:
      return count(state.prefill_ep);
    case InferencexField::decode_tp:
      return count(point.tp);
    case InferencexField::decode_ep:
      return count(point.ep);
    case InferencexField::prefill_num_workers:
      return workers(state.prefill_num_workers);
    case InferencexField::decode_num_workers:
      return workers(state.decode_num_workers);
    case InferencexField::num_prefill_gpu: {
      INFERTRACK_TRY_ASSIGN(gpus, read_count(value, at));
      state.num_prefill_gpu = gpus;
      return {};
    }
    case InferencexField::num_decode_gpu: {
      INFERTRACK_TRY_ASSIGN(gpus, read_count(value, at));
      state.num_decode_gpu = gpus;
      return {};
    }
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
    case InferencexField::isl:
      return count(point.isl);
    case InferencexField::osl:
      return count(point.osl);
    case InferencexField::conc: {
      INFERTRACK_TRY_ASSIGN(concurrency, read_count(value, at));
      point.concurrency = concurrency;
      return {};
    }
    case InferencexField::offload_mode:
      return text(point.offload_mode);
    case InferencexField::image:
      return text(point.image);
    case InferencexField::run_url:
      return text(point.run_url);
    case InferencexField::date: {
      INFERTRACK_TRY_ASSIGN(date, read_string(value, at));
      if (auto problem = date_problem(date)) {
        return fail_at(at, *problem);
      }
      point.date = std::string(date);
      return {};
    }
    case InferencexField::hardware:
    case InferencexField::framework:
    case InferencexField::model:
    case InferencexField::precision:
    case InferencexField::metrics:
      break;  // read by InferencexRowReader, which remembers names and places metrics
  }
  return {};
}

}  // namespace infertrack::formats
