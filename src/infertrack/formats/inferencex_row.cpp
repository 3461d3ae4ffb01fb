#include "infertrack/formats/inferencex_row.hpp"

#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/inferencex_row_fields.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>

namespace infertrack::formats {

namespace {

using domain::BenchmarkPoint;
using util::Result;

constexpr std::string_view k_rows = "rows";
// What the API's ETL stores when an artifact names no offload mode.
constexpr std::string_view k_default_offload_mode = "off";

// The required fields, in the order a missing one is reported.
constexpr std::array k_required = {
  InferencexField::hardware, InferencexField::framework, InferencexField::model, InferencexField::precision,
  InferencexField::spec_method, InferencexField::disagg, InferencexField::num_prefill_gpu,
  InferencexField::num_decode_gpu, InferencexField::conc, InferencexField::date, InferencexField::metrics,
};

// What a required field must be: a point field's value, a GPU count or the metrics object.
std::string_view
expected_of(InferencexField field)
{
  if (const auto point_field = point_field_of(field)) {
    return json_expected(*point_field);
  }
  return field == InferencexField::metrics ? "an object of metrics" : "an integer > 0";
}

// Sets the GPU pools the way the runner divided by: P + D on disaggregated rows, one engine on aggregated ones.
Result<void>
complete_gpus(const InferencexRowState& state, std::size_t index, BenchmarkPoint& point)
{
  const std::int64_t prefill = state.num_prefill_gpu;
  const std::int64_t decode = state.num_decode_gpu;
  if (point.disaggregated) {
    if (auto problem = gpu_pools_out_of_range(prefill, decode)) {
      return fail_at(JsonPlace{k_rows, index, name_of(InferencexField::num_decode_gpu)}, std::move(*problem));
    }
    point.prefill_gpus = prefill;
    point.decode_gpus = decode;
    point.total_allocated_gpus = prefill + decode;
    return {};
  }
  // The API mirrors an aggregated engine's GPUs into both role columns: one set of GPUs, counted once.
  if (prefill != decode) {
    return fail_at(JsonPlace{k_rows, index, name_of(InferencexField::num_decode_gpu)},
                   "aggregated row with two GPU counts (got num_prefill_gpu " + std::to_string(prefill)
                     + " and num_decode_gpu " + std::to_string(decode)
                     + ", expected the engine's GPU count in both, or disagg true)");
  }
  std::int64_t engine = prefill;
  // Rows without an explicit GPU count got TP x EP from the API's ETL, but expert parallelism runs on the
  // engine's tensor-parallel GPUs and the runner divided the per-GPU values by TP: count the TP GPUs.
  const std::optional<std::int64_t> tp = point.tp;
  const std::optional<std::int64_t> ep = point.ep;
  if (tp && ep && *ep > 1 && engine % *ep == 0 && engine / *ep == *tp) {
    point.notes.push_back(domain::PointNote{
      std::string(k_gpu_count_note),
      "The API lists " + std::to_string(engine) + " GPUs in num_prefill_gpu and num_decode_gpu, decode_tp "
        + std::to_string(*tp) + " x decode_ep " + std::to_string(*ep)
        + "; expert parallelism shares the engine's tensor-parallel GPUs and the InferenceX runner divided the "
          "per-GPU throughputs by TP, so the engine is counted as "
        + std::to_string(*tp) + " GPUs."});
    engine = *tp;
  }
  point.aggregate_engine_gpus = engine;
  point.total_allocated_gpus = engine;
  return {};
}

// Required fields, then the fields that only make sense together; sets workload, GPU pools and per-GPU basis.
Result<void>
complete_row(const InferencexRowState& state, std::size_t index, BenchmarkPoint& point)
{
  for (const InferencexField field : k_required) {
    if (!state.seen[static_cast<std::size_t>(field)]) {
      return fail_at(JsonPlace{k_rows, index, name_of(field)},
                     "missing required field (got nothing, expected " + std::string(expected_of(field)) + ")");
    }
  }
  if (!state.seen_metrics[static_cast<std::size_t>(InferencexMetric::tput_per_gpu)]) {
    return fail_at(JsonPlace{k_rows, index, place_of(InferencexMetric::tput_per_gpu)},
                   "missing required field (got nothing, expected a number >= 0)");
  }
  if (!point.interactivity_median && !point.interactivity_p90) {
    return fail_at(JsonPlace{k_rows, index, place_of(InferencexMetric::median_intvty)},
                   "missing interactivity (got neither metrics.median_intvty nor metrics.p90_intvty, expected at "
                   "least one number > 0)");
  }
  const std::array lengths = {std::pair{InferencexField::isl, point.isl},
                              std::pair{InferencexField::osl, point.osl}};
  for (const auto& [field, length] : lengths) {
    // Agentic traces have no fixed lengths: the API sends null, and a number would name another workload.
    if (state.agentic && length) {
      return fail_at(JsonPlace{k_rows, index, name_of(field)},
                     "not an agentic field (got " + std::to_string(*length)
                       + " on an agentic_traces row, expected null)");
    }
    if (!state.agentic && !length) {
      const bool null = state.seen[static_cast<std::size_t>(field)];
      return fail_at(JsonPlace{k_rows, index, name_of(field)},
                     std::string("missing required field (got ") + (null ? "null" : "nothing")
                       + ", expected an integer > 0 on a single_turn row)");
    }
  }
  // The workload as the CSV reader writes it, so that one configuration is one group whatever its source.
  point.workload = state.agentic ? "agentic" : std::to_string(*point.isl) + "/" + std::to_string(*point.osl);
  INFERTRACK_TRY(complete_gpus(state, index, point));
  // The runner divides fixed-length disaggregated runs role-locally (input by prefill GPUs, output by decode
  // GPUs, total by both) and agentic ones by all GPUs (DOMAIN.md section 3).
  point.per_gpu_basis = point.disaggregated && !state.agentic ? domain::PerGpuBasis::role_local
                                                              : domain::PerGpuBasis::all_allocated;
  return {};
}

}  // namespace

void
append_identity_text(std::string& out, std::string_view text)
{
  out += std::to_string(text.size());
  out += ':';
  out += text;
}

// Values as the API gives them (names canonical), so that the id does not depend on how the reader interprets GPU
// counts; the fields newer answers add count with their defaults, so that old and new captures of one result
// agree.
void
inferencex_identity(const InferencexRowState& state, const BenchmarkPoint& point, std::string& out)
{
  out.clear();
  for (const std::string* name :
       {&point.model, &point.hardware, &point.framework, &point.precision, &point.spec_method}) {
    append_identity_text(out, *name);
  }
  append_identity_value(out, std::optional<int>(point.disaggregated ? 1 : 0));
  append_identity_value(out, state.is_multinode);
  append_identity_value(out, state.prefill_tp);
  append_identity_value(out, state.prefill_ep);
  append_identity_value(out, state.prefill_dp_attention);
  append_identity_value(out, state.prefill_num_workers);
  append_identity_value(out, point.tp);
  append_identity_value(out, point.ep);
  append_identity_value(out, state.decode_dp_attention);
  append_identity_value(out, state.decode_num_workers);
  append_identity_value(out, std::optional<std::int64_t>(state.num_prefill_gpu));
  append_identity_value(out, std::optional<std::int64_t>(state.num_decode_gpu));
  append_identity_text(out, state.agentic ? k_agentic_traces : k_single_turn);
  append_identity_value(out, point.isl);
  append_identity_value(out, point.osl);
  append_identity_value(out, std::optional<std::int64_t>(point.concurrency));
  append_identity_text(out, point.offload_mode.value_or(std::string(k_default_offload_mode)));
  append_identity_text(out, point.date);
  if (point.run_url) {
    append_identity_text(out, *point.run_url);
  } else {
    out += "-;";
  }
}

std::string
inferencex_result_id(std::string_view prefix, std::string_view identity)
{
  constexpr std::uint64_t k_fnv_offset = 14695981039346656037ULL;
  constexpr std::uint64_t k_fnv_prime = 1099511628211ULL;
  std::uint64_t hash = k_fnv_offset;
  for (const char c : identity) {
    hash ^= static_cast<unsigned char>(c);
    hash *= k_fnv_prime;
  }
  constexpr std::string_view k_hex = "0123456789abcdef";
  std::string id(prefix);
  id.append(16, '0');
  for (std::size_t i = id.size(); i > id.size() - 16; --i) {
    id[i - 1] = k_hex[hash & 0xf];
    hash >>= 4;
  }
  return id;
}

Result<void>
InferencexRowReader::read(JsonValue value, std::size_t index, BenchmarkPoint& point)
{
  InferencexRowState state;
  const auto read_metrics = [&](JsonValue& metrics) -> Result<void> {
    auto read = for_each_field(
      metrics,
      JsonPlace{k_rows, index, name_of(InferencexField::metrics)},
      JsonPlace{k_rows, index, {}},
      "an object of metrics",
      [&](std::string_view key, JsonValue& metric_value, const JsonPlace&) -> Result<void> {
        const auto metric = inferencex_metric_named(key);
        if (!metric) {
          m_metric_field.assign(k_metrics_prefix);
          m_metric_field += key;
          return validate_json_value(metric_value, JsonPlace{k_rows, index, m_metric_field});
        }
        const auto slot = static_cast<std::size_t>(*metric);
        const JsonPlace at{k_rows, index, place_of(*metric)};
        if (state.seen_metrics[slot]) {
          return fail_at(at, "duplicate field (got " + quoted_text(key) + " twice, expected it once)");
        }
        state.seen_metrics[slot] = true;
        return read_inferencex_metric(*metric, metric_value, at, m_fields, point);
      });
    // Broken JSON between the metrics is placed at the last key read: name it as a metric too.
    if (!read && !read.error().field.starts_with(k_metrics_prefix)) {
      const std::string_view metrics_key = name_of(InferencexField::metrics);
      std::string& field = read.error().field;
      field = field.empty() || field == metrics_key ? std::string(metrics_key) : std::string(k_metrics_prefix) + field;
    }
    return read;
  };
  INFERTRACK_TRY(for_each_field(
    value,
    JsonPlace{k_rows, index, {}},
    "a benchmark row object",
    [&](std::string_view key, JsonValue& field_value, const JsonPlace& at) -> Result<void> {
      const auto field = inferencex_field_named(key);
      if (!field) {
        return validate_json_value(field_value, at);
      }
      const auto slot = static_cast<std::size_t>(*field);
      if (state.seen[slot]) {
        return fail_at(at, "duplicate field (got " + quoted_text(key) + " twice, expected it once)");
      }
      state.seen[slot] = true;
      if (*field == InferencexField::metrics) {
        return read_metrics(field_value);
      }
      return read_inferencex_field(*field, field_value, at, state, m_fields, point);
    }));
  INFERTRACK_TRY(complete_row(state, index, point));
  inferencex_identity(state, point, m_identity);
  point.result_id = inferencex_result_id("ix-", m_identity);
  return {};
}

}  // namespace infertrack::formats
