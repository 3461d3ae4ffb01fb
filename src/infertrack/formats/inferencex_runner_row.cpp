#include "infertrack/formats/inferencex_runner_row.hpp"

#include "infertrack/domain/name_aliases.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/inferencex_row_fields.hpp"
#include "infertrack/formats/key_index.hpp"
#include "infertrack/util/assertions.hpp"

#include <array>
#include <bitset>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace infertrack::formats {

namespace {

using domain::BenchmarkPoint;
using util::Result;

// The runner keys the reader maps or checks besides the API's metric names. Any other key is checked to be JSON
// and otherwise ignored: the runner adds fields over time (power, request accounting, warnings).
// clang-format off
enum class RunnerKey : unsigned char
{
  hw, model, infmax_model_prefix, framework, precision, spec_decoding, disagg, is_multinode,
  tp, ep, dp_attention, pp, dcp_size, pcp_size,
  prefill_tp, prefill_ep, prefill_dp_attention, prefill_num_workers,
  decode_tp, decode_ep, decode_dp_attention, decode_num_workers, num_prefill_gpu, num_decode_gpu,
  isl, osl, conc, image, date, run_url, scenario_type, kv_offloading, kv_offload_backend, recipe_fingerprint,
  request_metrics, server_metrics,
};
constexpr std::array<std::string_view, 36> k_runner_keys = {
  "hw", "model", "infmax_model_prefix", "framework", "precision", "spec_decoding", "disagg", "is_multinode",
  "tp", "ep", "dp_attention", "pp", "dcp_size", "pcp_size",
  "prefill_tp", "prefill_ep", "prefill_dp_attention", "prefill_num_workers",
  "decode_tp", "decode_ep", "decode_dp_attention", "decode_num_workers", "num_prefill_gpu", "num_decode_gpu",
  "isl", "osl", "conc", "image", "date", "run_url", "scenario_type", "kv_offloading", "kv_offload_backend",
  "recipe_fingerprint", "request_metrics", "server_metrics",
};
// clang-format on

// Runner keys whose values mean what the API row's field of the same meaning does: read by the API-row reads.
constexpr std::array k_shared_fields = {
  std::pair{RunnerKey::hw, InferencexField::hardware},
  std::pair{RunnerKey::framework, InferencexField::framework},
  std::pair{RunnerKey::precision, InferencexField::precision},
  std::pair{RunnerKey::spec_decoding, InferencexField::spec_method},
  std::pair{RunnerKey::disagg, InferencexField::disagg},
  std::pair{RunnerKey::is_multinode, InferencexField::is_multinode},
  std::pair{RunnerKey::prefill_tp, InferencexField::prefill_tp},
  std::pair{RunnerKey::prefill_ep, InferencexField::prefill_ep},
  std::pair{RunnerKey::prefill_num_workers, InferencexField::prefill_num_workers},
  std::pair{RunnerKey::decode_num_workers, InferencexField::decode_num_workers},
  std::pair{RunnerKey::isl, InferencexField::isl},
  std::pair{RunnerKey::osl, InferencexField::osl},
  std::pair{RunnerKey::conc, InferencexField::conc},
  std::pair{RunnerKey::image, InferencexField::image},
  std::pair{RunnerKey::date, InferencexField::date},
  std::pair{RunnerKey::run_url, InferencexField::run_url},
};

// Where agentic rows nest the metrics the API flattens (utils/agentic/aggregation in the InferenceX runner).
struct NestedMetric
{
  std::string_view path;
  InferencexMetric metric;
};
constexpr std::array k_nested_metrics = {
  NestedMetric{"request_metrics.throughput.per_gpu.total_tput_tps", InferencexMetric::tput_per_gpu},
  NestedMetric{"request_metrics.throughput.per_gpu.input_tput_tps", InferencexMetric::input_tput_per_gpu},
  NestedMetric{"request_metrics.throughput.per_gpu.output_tput_tps", InferencexMetric::output_tput_per_gpu},
  NestedMetric{"request_metrics.throughput.total.tokens_per_second", InferencexMetric::total_tput_tps},
  NestedMetric{"request_metrics.throughput.input.tokens_per_second", InferencexMetric::input_tput_tps},
  NestedMetric{"request_metrics.throughput.output.tokens_per_second", InferencexMetric::output_tput_tps},
  NestedMetric{"request_metrics.latency.intvty.p50", InferencexMetric::median_intvty},
  NestedMetric{"request_metrics.latency.intvty.p90", InferencexMetric::p90_intvty},
  NestedMetric{"request_metrics.latency.ttft.mean", InferencexMetric::mean_ttft},
  NestedMetric{"request_metrics.latency.ttft.p50", InferencexMetric::median_ttft},
  NestedMetric{"request_metrics.latency.ttft.p90", InferencexMetric::p90_ttft},
  NestedMetric{"request_metrics.latency.ttft.p99", InferencexMetric::p99_ttft},
  NestedMetric{"request_metrics.latency.e2el.mean", InferencexMetric::mean_e2el},
  NestedMetric{"request_metrics.latency.e2el.p50", InferencexMetric::median_e2el},
  NestedMetric{"request_metrics.latency.e2el.p90", InferencexMetric::p90_e2el},
  NestedMetric{"request_metrics.latency.e2el.p99", InferencexMetric::p99_e2el},
  NestedMetric{"request_metrics.tokens.input.mean", InferencexMetric::mean_input_tokens},
  NestedMetric{"request_metrics.tokens.input.p50", InferencexMetric::median_input_tokens},
  NestedMetric{"request_metrics.tokens.input.p90", InferencexMetric::p90_input_tokens},
  NestedMetric{"request_metrics.tokens.output_actual.mean", InferencexMetric::mean_output_tokens},
  NestedMetric{"request_metrics.tokens.output_actual.p50", InferencexMetric::median_output_tokens},
  NestedMetric{"request_metrics.tokens.output_actual.p90", InferencexMetric::p90_output_tokens},
  NestedMetric{"request_metrics.cache.theoretical_cache_hit_rate", InferencexMetric::theoretical_cache_hit_rate},
  NestedMetric{"server_metrics.cache.gpu_cache_hit_rate", InferencexMetric::gpu_cache_hit_rate},
  NestedMetric{"server_metrics.cache.cpu_cache_hit_rate", InferencexMetric::cpu_cache_hit_rate},
  NestedMetric{"server_metrics.cache.external_cache_hit_rate", InferencexMetric::external_cache_hit_rate},
};

// Where a member of `request_metrics` or `server_metrics` leads: to a metric the point keeps, or to an object on
// the way to one, whose members lead on in turn.
struct NestedStep
{
  std::string_view path;  // dotted; a literal or a prefix of one in k_nested_metrics, so that it outlives the reader
  std::optional<InferencexMetric> metric;
  std::vector<std::pair<std::string_view, std::size_t>> members;  // a member's key, and its step in NestedSteps
};

// Every nested path the reader follows, as a tree from the two top-level objects. A member is looked up among the
// few keys its object leads on by (four at most), not by its dotted path: an agentic row has a hundred nested
// members, and building each one's path to look it up in a table was a tenth of reading the row. A key with dots
// in it is one key, not a path (the runner writes none), and is only checked.
class NestedSteps
{
public:
  NestedSteps()
    : m_steps{NestedStep{"request_metrics", std::nullopt, {}}, NestedStep{"server_metrics", std::nullopt, {}}}
  {
    for (const NestedMetric& nested : k_nested_metrics) {
      std::size_t at = top_index(nested.path.substr(0, nested.path.find('.')));
      for (std::size_t dot = nested.path.find('.'); dot != std::string_view::npos;) {
        const std::size_t next_dot = nested.path.find('.', dot + 1);
        const std::string_view key = nested.path.substr(dot + 1, next_dot - dot - 1);
        at = member_index(at, key, nested.path.substr(0, next_dot));
        dot = next_dot;
      }
      m_steps[at].metric = nested.metric;
    }
  }

  // The step of the top-level object `key` ("request_metrics" or "server_metrics").
  const NestedStep& top(std::string_view key) const { return m_steps[top_index(key)]; }

  // Where the member `key` of the object at `step` leads, or nullptr for a member the reader only checks.
  const NestedStep* member(const NestedStep& step, std::string_view key) const
  {
    const std::size_t found = find(step, key);
    return found == k_none ? nullptr : &m_steps[found];
  }

private:
  static constexpr std::size_t k_none = ~std::size_t{0};

  std::size_t top_index(std::string_view key) const
  {
    INFERTRACK_ASSERT(key == m_steps[0].path || key == m_steps[1].path);
    return key == m_steps[0].path ? 0 : 1;
  }

  static std::size_t find(const NestedStep& step, std::string_view key)
  {
    for (const auto& [member_key, index] : step.members) {
      if (member_key == key) {
        return index;
      }
    }
    return k_none;
  }

  // The step of the member `key` of the object at m_steps[at], added at `path` when it is new.
  std::size_t member_index(std::size_t at, std::string_view key, std::string_view path)
  {
    if (const std::size_t found = find(m_steps[at], key); found != k_none) {
      return found;
    }
    m_steps.push_back(NestedStep{path, std::nullopt, {}});
    m_steps[at].members.emplace_back(key, m_steps.size() - 1);
    return m_steps.size() - 1;
  }

  std::vector<NestedStep> m_steps;
};

const NestedSteps&
nested_steps()
{
  static const NestedSteps k_steps;
  return k_steps;
}

// A metric's flat key: the API's key without "metrics." (the runner writes fixed-length metrics at the top level).
std::string_view
flat_place_of(InferencexMetric metric)
{
  return place_of(metric).substr(k_metrics_prefix.size());
}

// The place a missing metric is named at: where the row's shape keeps it.
std::string_view
expected_place_of(InferencexMetric metric, bool agentic)
{
  if (agentic) {
    for (const NestedMetric& nested : k_nested_metrics) {
      if (nested.metric == metric) {
        return nested.path;
      }
    }
  }
  return flat_place_of(metric);
}

std::string_view
name_of(RunnerKey key)
{
  return k_runner_keys[static_cast<std::size_t>(key)];
}

// What a row said besides what goes straight into its point.
struct RunnerRowState
{
  std::bitset<k_runner_keys.size()> seen;
  std::array<std::string_view, k_inferencex_metrics.size()> metric_place{};  // where each metric was read
  InferencexRowState api;  // the API-shaped part: flags, workers, prefill parallelism, identity
  std::optional<std::int64_t> tp;
  std::optional<std::int64_t> ep;
  std::optional<std::int64_t> pp;
  std::optional<std::int64_t> dcp_size;
  std::optional<std::int64_t> pcp_size;
  std::optional<std::int64_t> decode_tp;
  std::optional<std::int64_t> decode_ep;
  std::optional<std::int64_t> num_prefill_gpu;
  std::optional<std::int64_t> num_decode_gpu;
  std::optional<bool> dp_attention;
  std::optional<std::string> scenario_type;
  std::string model_prefix;  // canonical model of infmax_model_prefix; empty when none was given
};

std::optional<RunnerKey>
runner_key_named(std::string_view key)
{
  static const KeyIndex<RunnerKey> k_index(k_runner_keys);
  return k_index.find(key);
}

// The runner writes DP-attention flags from environment variables: the strings "true" / "false".
Result<std::optional<bool>>
read_flag_text(JsonValue& value, const JsonPlace& at)
{
  constexpr std::string_view k_expected = "true, false, \"true\" or \"false\"";
  INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
  if (null) {
    return std::optional<bool>();
  }
  simdjson::ondemand::json_type type{};
  if (value.type().get(type) == simdjson::SUCCESS && type == simdjson::ondemand::json_type::boolean) {
    INFERTRACK_TRY_ASSIGN(flag, read_bool(value, at));
    return std::optional<bool>(flag);
  }
  if (type != simdjson::ondemand::json_type::string) {
    return wrong_type(value, at, k_expected);
  }
  INFERTRACK_TRY_ASSIGN(text, read_string(value, at));
  const std::string_view trimmed = trim_blanks(text);
  if (trimmed == "true" || trimmed == "false") {
    return std::optional<bool>(trimmed == "true");
  }
  return fail_at(at, "not a flag (got " + quoted_text(text) + ", expected " + std::string(k_expected) + ")");
}

// A text field where the runner writes "" for unset (its environment variable was empty).
Result<void>
read_runner_text(JsonValue& value, const JsonPlace& at, std::optional<std::string>& out)
{
  INFERTRACK_TRY_ASSIGN(text, read_optional_string(value, at));
  if (text && !trim_blanks(*text).empty()) {
    out = std::string(trim_blanks(*text));
  }
  return {};
}

// What reading one row works on: where it is, the reader's field reads, and what the row said so far.
struct RunnerRow
{
  const JsonPlace& record;
  JsonPointFields& fields;
  RunnerRowState& state;
  BenchmarkPoint& point;
};

Result<void>
read_metric(InferencexMetric metric, std::string_view place, JsonValue& value, const JsonPlace& at, RunnerRow& row)
{
  std::string_view& first = row.state.metric_place[static_cast<std::size_t>(metric)];
  if (first == place) {
    return fail_at(at, "duplicate field (got " + quoted_text(place) + " twice, expected it once)");
  }
  if (!first.empty()) {
    return fail_at(at,
                   "duplicate metric (got " + quoted_text(place) + " after " + quoted_text(first)
                     + ", two places for one value, expected one of them)");
  }
  first = place;
  return read_inferencex_metric(metric, value, at, row.fields, row.point);
}

// The first positive value: the GPUs a tensor- or expert-parallel degree is quoted for.
std::optional<std::int64_t>
first_positive(std::initializer_list<std::optional<std::int64_t>> values)
{
  for (const auto& value : values) {
    if (value && *value > 0) {
      return value;
    }
  }
  return std::nullopt;
}

Result<void>
fail_missing(const JsonPlace& record, std::string_view field, std::string_view got, std::string_view expected)
{
  return fail_at(JsonPlace{record.section, record.index, field},
                 "missing required field (got " + std::string(got) + ", expected " + std::string(expected) + ")");
}

// Sets the GPU pools the way the runner divided by: P + D on disaggregated rows; on aggregated ones the engine,
// TP x PP x PCP GPUs on one node (absent PP and PCP count 1) or the prefill count of a multinode row.
Result<void>
complete_gpus(const RunnerRowState& state, const JsonPlace& record, BenchmarkPoint& point)
{
  const auto at = [&](RunnerKey key) { return JsonPlace{record.section, record.index, name_of(key)}; };
  if (point.disaggregated) {
    for (const auto& [key, count] : {std::pair{RunnerKey::num_prefill_gpu, state.num_prefill_gpu},
                                     std::pair{RunnerKey::num_decode_gpu, state.num_decode_gpu}}) {
      if (!count) {
        return fail_missing(record, name_of(key), "nothing", "an integer > 0 on a disaggregated row");
      }
      if (*count == 0) {
        return fail_at(at(key), "must be positive (got 0, expected an integer > 0 on a disaggregated row)");
      }
    }
    const std::int64_t prefill = *state.num_prefill_gpu;
    const std::int64_t decode = *state.num_decode_gpu;
    if (auto problem = gpu_pools_out_of_range(prefill, decode)) {
      return fail_at(at(RunnerKey::num_decode_gpu), std::move(*problem));
    }
    point.prefill_gpus = prefill;
    point.decode_gpus = decode;
    point.total_allocated_gpus = prefill + decode;
    return {};
  }
  std::int64_t engine = 0;
  if (state.num_prefill_gpu && *state.num_prefill_gpu > 0) {
    // A multinode aggregated engine: the decode side is 0, or the prefill count mirrored.
    const std::int64_t decode = state.num_decode_gpu.value_or(0);
    if (decode != 0 && decode != *state.num_prefill_gpu) {
      return fail_at(at(RunnerKey::num_decode_gpu),
                     "aggregated row with two GPU counts (got num_prefill_gpu " + std::to_string(*state.num_prefill_gpu)
                       + " and num_decode_gpu " + std::to_string(decode)
                       + ", expected 0 or the same count, or disagg true)");
    }
    engine = *state.num_prefill_gpu;
  } else if (state.tp) {
    engine = *state.tp;
    for (const auto& [key, factor] :
         {std::pair{RunnerKey::pp, state.pp}, std::pair{RunnerKey::pcp_size, state.pcp_size}}) {
      if (factor && __builtin_mul_overflow(engine, *factor, &engine)) {
        return fail_at(at(key), "number out of range (got " + std::to_string(*factor)
                                  + " x the other parallel degrees, expected a GPU count below 2^63)");
      }
    }
  } else {
    return fail_missing(record,
                        name_of(RunnerKey::tp),
                        "nothing",
                        "an integer > 0 on a one-node row, or num_prefill_gpu on a multinode one");
  }
  point.aggregate_engine_gpus = engine;
  point.total_allocated_gpus = engine;
  return {};
}

// Required fields, fields that only make sense together, workload, GPU pools and per-GPU basis.
Result<void>
complete_row(RunnerRowState& state, const JsonPlace& record, BenchmarkPoint& point)
{
  const auto seen = [&](RunnerKey key) { return state.seen[static_cast<std::size_t>(key)]; };
  const bool agentic = state.scenario_type || seen(RunnerKey::request_metrics);
  state.api.agentic = agentic;
  if (!state.model_prefix.empty()) {
    point.model = state.model_prefix;  // the runner's own model key, what the benchmark groups by
  }
  const std::array required = {
    std::pair{RunnerKey::hw, !point.hardware.empty()},
    std::pair{RunnerKey::model, !point.model.empty()},
    std::pair{RunnerKey::framework, !point.framework.empty()},
    std::pair{RunnerKey::precision, !point.precision.empty()},
    std::pair{RunnerKey::conc, point.concurrency > 0},
    std::pair{RunnerKey::date, !point.date.empty()},
  };
  for (const auto& [key, present] : required) {
    if (present) {
      continue;
    }
    const std::string_view expected = key == RunnerKey::conc ? "an integer > 0"
                                      : key == RunnerKey::model
                                        ? "a string, or a non-empty infmax_model_prefix"
                                      : key == RunnerKey::date
                                        ? "a date YYYY-MM-DD; the runner writes none: give the run's date with "
                                          "ingest --date YYYY-MM-DD or add it to the row"
                                        : "a string";
    return fail_missing(record, name_of(key), "nothing", expected);
  }
  if (state.metric_place[static_cast<std::size_t>(InferencexMetric::tput_per_gpu)].empty()) {
    return fail_missing(
      record, expected_place_of(InferencexMetric::tput_per_gpu, agentic), "nothing", "a number >= 0");
  }
  if (!point.interactivity_median && !point.interactivity_p90) {
    const std::string_view median = expected_place_of(InferencexMetric::median_intvty, agentic);
    const std::string_view p90 = expected_place_of(InferencexMetric::p90_intvty, agentic);
    return fail_at(JsonPlace{record.section, record.index, median},
                   "missing interactivity (got neither " + std::string(median) + " nor " + std::string(p90)
                     + ", expected at least one number > 0)");
  }
  for (const auto& [key, length] : {std::pair{RunnerKey::isl, point.isl}, std::pair{RunnerKey::osl, point.osl}}) {
    // Agentic traces have no fixed lengths; a number would name another workload.
    if (agentic && length) {
      return fail_at(JsonPlace{record.section, record.index, name_of(key)},
                     "not an agentic field (got " + std::to_string(*length) + " on an agentic row, expected null)");
    }
    if (!agentic && !length) {
      return fail_missing(record,
                          name_of(key),
                          seen(key) ? "null" : "nothing",
                          "an integer > 0 on a fixed-length row (agentic rows name a scenario_type)");
    }
  }
  point.workload = agentic ? "agentic" : std::to_string(*point.isl) + "/" + std::to_string(*point.osl);
  INFERTRACK_TRY(complete_gpus(state, record, point));
  // The runner divides fixed-length disaggregated runs role-locally (input by prefill GPUs, output by decode GPUs,
  // total by both) and agentic ones by all GPUs (DOMAIN.md section 3), as the API rows it feeds.
  point.per_gpu_basis = point.disaggregated && !agentic ? domain::PerGpuBasis::role_local
                                                        : domain::PerGpuBasis::all_allocated;
  // A multinode agentic row's `tp` is prefill TP + decode TP: the decode engine's degree is the one quoted.
  point.tp = first_positive({state.decode_tp, state.api.prefill_tp, state.tp});
  point.ep = first_positive({state.decode_ep, state.api.prefill_ep, state.ep});
  state.api.num_prefill_gpu = state.num_prefill_gpu.value_or(0);
  state.api.num_decode_gpu = state.num_decode_gpu.value_or(0);
  if (!state.api.decode_dp_attention) {
    state.api.decode_dp_attention = state.dp_attention;
  }
  return {};
}

// Walks an object of `request_metrics` / `server_metrics` at `step` down to the nested metrics; the rest is
// checked JSON.
Result<void>
read_nested(JsonValue& object, const NestedStep& step, RunnerRow& row)
{
  const std::string_view path = step.path;
  const JsonPlace here{row.record.section, row.record.index, path};
  auto read = for_each_field(
    object, here, here, "an object", [&](std::string_view key, JsonValue& member, const JsonPlace&) -> Result<void> {
      if (const NestedStep* next = nested_steps().member(step, key)) {
        if (next->metric) {
          return read_metric(
            *next->metric, next->path, member, JsonPlace{row.record.section, row.record.index, next->path}, row);
        }
        return read_nested(member, *next, row);
      }
      auto valid = validate_json_value(member, JsonPlace{row.record.section, row.record.index, key});
      if (!valid && valid.error().field == key) {
        valid.error().field = std::string(path) + "." + std::string(key);  // the member's own place, by its path
      }
      return valid;
    });
  // Broken JSON between members is placed at the bare key (of this object or of an ignored one within): name it by
  // its path.
  if (!read) {
    std::string& field = read.error().field;
    if (field != path && !(field.starts_with(path) && field.size() > path.size() && field[path.size()] == '.')) {
      field = std::string(path) + "." + field;
    }
  }
  return read;
}

// Reads the value of a runner key that is not one of the API row's (k_shared_fields).
Result<void>
read_runner_key(RunnerKey key, JsonValue& value, const JsonPlace& at, RunnerRow& row)
{
  RunnerRowState& state = row.state;
  switch (key) {
    case RunnerKey::model: {
      // The agentic runner writes "" (or null) when MODEL was not set: infmax_model_prefix names the model then.
      INFERTRACK_TRY_ASSIGN(text, read_optional_string(value, at));
      if (!text || trim_blanks(*text).empty()) {
        return {};
      }
      return row.fields.assign_name(domain::PointField::model, *text, at, row.point);
    }
    case RunnerKey::infmax_model_prefix: {
      // Empty when the runner's MODEL_PREFIX was not passed on: then `model` names the model.
      INFERTRACK_TRY_ASSIGN(prefix, read_optional_string(value, at));
      if (prefix && !trim_blanks(*prefix).empty()) {
        if (auto problem = unprintable_name(*prefix)) {
          return fail_at(at, std::move(*problem));
        }
        state.model_prefix = canonical_name(*prefix, domain::canonical_model);
      }
      return {};
    }
    case RunnerKey::tp:
      return assign_read(read_optional_count(value, at), state.tp);
    case RunnerKey::ep:
      return assign_read(read_optional_count(value, at), state.ep);
    case RunnerKey::pp:
      return assign_read(read_optional_count(value, at), state.pp);
    case RunnerKey::dcp_size:
      return assign_read(read_optional_count(value, at), state.dcp_size);
    case RunnerKey::pcp_size:
      return assign_read(read_optional_count(value, at), state.pcp_size);
    case RunnerKey::dp_attention:
      return assign_read(read_flag_text(value, at), state.dp_attention);
    case RunnerKey::prefill_dp_attention:
      return assign_read(read_flag_text(value, at), state.api.prefill_dp_attention);
    case RunnerKey::decode_dp_attention:
      return assign_read(read_flag_text(value, at), state.api.decode_dp_attention);
    // 0 on a multinode aggregated row: no separate decode engine.
    case RunnerKey::decode_tp:
      return assign_read(read_optional_non_negative_count(value, at), state.decode_tp);
    case RunnerKey::decode_ep:
      return assign_read(read_optional_non_negative_count(value, at), state.decode_ep);
    case RunnerKey::num_prefill_gpu:
      return assign_read(read_optional_non_negative_count(value, at), state.num_prefill_gpu);
    case RunnerKey::num_decode_gpu:
      return assign_read(read_optional_non_negative_count(value, at), state.num_decode_gpu);
    case RunnerKey::scenario_type:
      return read_runner_text(value, at, state.scenario_type);
    case RunnerKey::kv_offloading:
      return read_runner_text(value, at, row.point.kv_offloading);
    case RunnerKey::kv_offload_backend:
      return read_runner_text(value, at, row.point.kv_offload_backend);
    case RunnerKey::recipe_fingerprint:
      return read_runner_text(value, at, row.point.recipe_fingerprint);
    case RunnerKey::request_metrics:
    case RunnerKey::server_metrics:
      return read_nested(value, nested_steps().top(name_of(key)), row);
    default:
      return {};  // read through k_shared_fields
  }
}

}  // namespace

Result<void>
InferencexRunnerRowReader::read(JsonValue value, const JsonPlace& record, BenchmarkPoint& point)
{
  RunnerRowState state;
  RunnerRow row{record, m_fields, state, point};
  point.spec_method = "none";  // rows before spec_decoding existed ran without it
  INFERTRACK_TRY(for_each_field(
    value,
    record,
    "a runner result object",
    [&](std::string_view key, JsonValue& field_value, const JsonPlace& at) -> Result<void> {
      const auto runner_key = runner_key_named(key);
      if (!runner_key) {
        if (const auto metric = inferencex_metric_named(key)) {
          return read_metric(*metric, flat_place_of(*metric), field_value, at, row);
        }
        return validate_json_value(field_value, at);
      }
      const auto slot = static_cast<std::size_t>(*runner_key);
      if (state.seen[slot]) {
        return fail_at(at, "duplicate field (got " + quoted_text(key) + " twice, expected it once)");
      }
      state.seen[slot] = true;
      for (const auto& [shared_key, field] : k_shared_fields) {
        if (shared_key == *runner_key) {
          return read_inferencex_field(field, field_value, at, state.api, m_fields, point);
        }
      }
      return read_runner_key(*runner_key, field_value, at, row);
    }));
  // The run's date and URL given to the ingest stand in for those the runner did not write; the row's own win.
  if (point.date.empty() && m_defaults.date) {
    point.date = *m_defaults.date;
  }
  if (!point.run_url && m_defaults.run_url) {
    point.run_url = *m_defaults.run_url;
  }
  INFERTRACK_TRY(complete_row(state, record, point));
  // The API's identity, then what only runner rows tell apart: the scenario, pipeline and context parallelism,
  // single-node DP attention and KV offloading.
  inferencex_identity(state.api, point, m_identity);
  m_identity += "runner;";
  append_identity_text(m_identity, state.scenario_type.value_or(""));
  append_identity_value(m_identity, state.pp);
  append_identity_value(m_identity, state.dcp_size);
  append_identity_value(m_identity, state.pcp_size);
  append_identity_text(m_identity, point.kv_offloading.value_or(""));
  append_identity_text(m_identity, point.kv_offload_backend.value_or(""));
  point.result_id = inferencex_result_id("ixr-", m_identity);
  return {};
}

}  // namespace infertrack::formats
