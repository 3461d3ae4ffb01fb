#include "infertrack/formats/snapshot_point.hpp"

#include "infertrack/domain/name_aliases.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/snapshot_fields.hpp"

#include <array>
#include <bitset>
#include <string>

namespace infertrack::formats {

namespace {

using domain::BenchmarkPoint;
using util::Result;
using Field = SnapshotField;
constexpr std::size_t k_field_count = k_snapshot_field_count;

constexpr std::string_view k_note_suffix = "_note";

std::string
trimmed_copy(std::string_view text)
{
  return std::string(trim_blanks(text));
}

Result<std::string>
read_date(JsonValue& value, const JsonPlace& at)
{
  INFERTRACK_TRY_ASSIGN(text, read_string(value, at));
  if (auto problem = date_problem(text)) {
    return fail_at(at, *problem);
  }
  return std::string(text);
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

// Reads the value of one known field, other than the canonical names, into `point`.
Result<void>
read_field(Field field, JsonValue& value, const JsonPlace& at, BenchmarkPoint& point)
{
  const auto number = [&](std::optional<double>& out, NumberRule rule) -> Result<void> {
    INFERTRACK_TRY_ASSIGN(read, read_optional_number(value, at, rule));
    out = read;
    return {};
  };
  const auto count = [&](std::optional<std::int64_t>& out) -> Result<void> {
    INFERTRACK_TRY_ASSIGN(read, read_optional_count(value, at));
    out = read;
    return {};
  };
  const auto text = [&](std::optional<std::string>& out) -> Result<void> {
    INFERTRACK_TRY_ASSIGN(read, read_optional_text(value, at));
    out = std::move(read);
    return {};
  };
  constexpr auto non_negative = NumberRule::non_negative;
  switch (field) {
    case Field::result_id: {
      INFERTRACK_TRY_ASSIGN(id, read_string(value, at));
      if (trim_blanks(id).empty()) {
        return fail_at(at, "empty result id (got " + quoted_text(id) + ", expected a non-empty id)");
      }
      if (const auto problem = unlinkable_id(trim_blanks(id))) {
        return fail_at(at, *problem);
      }
      point.result_id = trimmed_copy(id);
      return {};
    }
    case Field::spec_method: {
      INFERTRACK_TRY_ASSIGN(method, read_string(value, at));
      if (auto problem = unusable_name(method)) {
        return fail_at(at, std::move(*problem));
      }
      point.spec_method = trimmed_copy(method);
      return {};
    }
    case Field::concurrency: {
      INFERTRACK_TRY_ASSIGN(read, read_count(value, at));
      point.concurrency = read;
      return {};
    }
    case Field::disaggregated: {
      INFERTRACK_TRY_ASSIGN(read, read_bool(value, at));
      point.disaggregated = read;
      return {};
    }
    case Field::total_allocated_gpus: {
      INFERTRACK_TRY_ASSIGN(read, read_count(value, at));
      point.total_allocated_gpus = read;
      return {};
    }
    case Field::date_api: {
      INFERTRACK_TRY_ASSIGN(date, read_date(value, at));
      point.date = std::move(date);
      return {};
    }
    case Field::date_run: {
      INFERTRACK_TRY_ASSIGN(run_date, read_optional_string(value, at));
      if (run_date) {
        if (auto problem = date_problem(*run_date)) {
          return fail_at(at, *problem);
        }
        point.run_date = std::string(*run_date);
      }
      return {};
    }
    case Field::per_gpu_denominator: {
      INFERTRACK_TRY_ASSIGN(denominator, read_string(value, at));
      if (denominator != k_all_allocated_denominator) {
        return fail_at(at,
                       "unknown per-GPU denominator (got " + quoted_text(denominator) + ", expected \""
                         + std::string(k_all_allocated_denominator) + "\")");
      }
      point.per_gpu_basis = domain::PerGpuBasis::all_allocated;
      return {};
    }
    case Field::total_tps_per_gpu:
      return number(point.per_gpu_tps.total, non_negative);
    case Field::input_tps_per_gpu:
      return number(point.per_gpu_tps.input, non_negative);
    case Field::output_tps_per_gpu:
      return number(point.per_gpu_tps.output, non_negative);
    case Field::total_tps:
      return number(point.absolute_tps.total, non_negative);
    case Field::input_tps:
      return number(point.absolute_tps.input, non_negative);
    case Field::output_tps:
      return number(point.absolute_tps.output, non_negative);
    case Field::interactivity_p90:
      return number(point.interactivity_p90, NumberRule::positive);
    case Field::interactivity_median:
      return number(point.interactivity_median, NumberRule::positive);
    case Field::mean_input_tokens:
      return number(point.tokens.mean_input, non_negative);
    case Field::median_input_tokens:
      return number(point.tokens.median_input, non_negative);
    case Field::p90_input_tokens:
      return number(point.tokens.p90_input, non_negative);
    case Field::mean_output_tokens:
      return number(point.tokens.mean_output, non_negative);
    case Field::median_output_tokens:
      return number(point.tokens.median_output, non_negative);
    case Field::p90_output_tokens:
      return number(point.tokens.p90_output, non_negative);
    case Field::gpu_cache_hit_rate:
      return number(point.cache.gpu, NumberRule::fraction);
    case Field::cpu_cache_hit_rate:
      return number(point.cache.cpu, NumberRule::fraction);
    case Field::external_cache_hit_rate:
      return number(point.cache.external, NumberRule::fraction);
    case Field::theoretical_cache_hit_rate:
      return number(point.cache.theoretical, NumberRule::fraction);
    case Field::isolated_prefill_tps:
      return number(point.isolated_uncached_prefill_tps_per_gpu, non_negative);
    case Field::isl:
      return count(point.isl);
    case Field::osl:
      return count(point.osl);
    case Field::prefill_gpus:
      return count(point.prefill_gpus);
    case Field::decode_gpus:
      return count(point.decode_gpus);
    case Field::aggregate_engine_gpus:
      return count(point.aggregate_engine_gpus);
    case Field::tp:
      return count(point.tp);
    case Field::ep:
      return count(point.ep);
    case Field::context_limit_tokens:
      return count(point.context_limit_tokens);
    case Field::offload_mode:
      return text(point.offload_mode);
    case Field::kv_offloading:
      return text(point.kv_offloading);
    case Field::kv_offload_backend:
      return text(point.kv_offload_backend);
    case Field::image:
      return text(point.image);
    case Field::run_url:
      return text(point.run_url);
    case Field::recipe_fingerprint:
      return text(point.recipe_fingerprint);
    case Field::kv_precision:
      return text(point.kv_precision);
    case Field::source_url:
      return text(point.source_url);
    case Field::workflow_id: {
      INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
      if (!null) {
        INFERTRACK_TRY_ASSIGN(id, read_id_text(value, at));
        point.workflow_id = std::move(id);
      }
      return {};
    }
    case Field::derived_view:
      return validate_json_value(value, at);
    case Field::model:
    case Field::hardware:
    case Field::framework:
    case Field::precision:
      break;  // read by SnapshotPointReader, which remembers their canonical forms
  }
  return {};
}

// The required fields, in the order a missing one is reported.
constexpr std::array k_required = {
  std::pair{Field::result_id, "a string"},
  std::pair{Field::model, "a string"},
  std::pair{Field::hardware, "a string"},
  std::pair{Field::framework, "a string"},
  std::pair{Field::precision, "a string"},
  std::pair{Field::concurrency, "an integer > 0"},
  std::pair{Field::disaggregated, "true or false"},
  std::pair{Field::total_allocated_gpus, "an integer > 0"},
  std::pair{Field::date_api, "a date YYYY-MM-DD"},
  std::pair{Field::total_tps_per_gpu, "a number >= 0"},
};

// Required fields, then the fields that only make sense together; sets the workload.
Result<void>
complete_point(const std::bitset<k_field_count>& seen, std::size_t index, BenchmarkPoint& point)
{
  for (const auto& [field, expected] : k_required) {
    if (!seen[static_cast<std::size_t>(field)]) {
      return fail_at(JsonPlace{"points", index, snapshot_field_name(field)},
                     std::string("missing required field (got nothing, expected ") + expected + ")");
    }
  }
  if (!point.interactivity_p90 && !point.interactivity_median) {
    return fail_at(JsonPlace{"points", index, "interactivity_p90_tok_s_user"},
                   "missing interactivity (got neither interactivity_p90_tok_s_user nor "
                   "interactivity_median_tok_s_user, expected at least one number > 0)");
  }
  if (point.isl.has_value() != point.osl.has_value()) {
    const std::string_view missing = point.isl ? "osl" : "isl";
    const std::string_view given = point.isl ? "isl" : "osl";
    return fail_at(JsonPlace{"points", index, missing},
                   "missing (got " + std::string(given) + " without " + std::string(missing)
                     + ", expected both isl and osl or neither)");
  }
  if (point.prefill_gpus && point.decode_gpus) {
    if (auto problem = gpu_pools_out_of_range(*point.prefill_gpus, *point.decode_gpus)) {
      return fail_at(JsonPlace{"points", index, snapshot_field_name(Field::decode_gpus)}, std::move(*problem));
    }
  }
  // The snapshot's runs are agentic traces unless a point says it replayed fixed lengths.
  point.workload = point.isl ? std::to_string(*point.isl) + "/" + std::to_string(*point.osl) : "agentic";
  return {};
}

}  // namespace

unsigned char
SnapshotPointReader::kind_of(std::string_view key, std::size_t position)
{
  // Points of one file list their fields in the same order: the key at this position last time is the guess.
  if (position < m_order.size() && m_order[position].first == key) {
    return m_order[position].second;
  }
  unsigned char kind = k_unknown_kind;
  if (const auto known = snapshot_field_named(key)) {
    kind = static_cast<unsigned char>(*known);
  } else if (key.size() > k_note_suffix.size() && key.ends_with(k_note_suffix)) {
    kind = k_note_kind;
  }
  if (position >= m_order.size()) {
    m_order.resize(position + 1);
  }
  m_order[position] = {std::string(key), kind};
  return kind;
}

Result<void>
SnapshotPointReader::read(JsonValue value, std::size_t index, BenchmarkPoint& point)
{
  JsonPlace at{"points", index, {}};
  simdjson::ondemand::object object;
  if (const auto error = value.get_object().get(object); error == simdjson::INCORRECT_TYPE) {
    return not_a_container(value, at, "a point object");
  } else if (error != simdjson::SUCCESS) {
    return json_error(error, at);
  }
  std::bitset<k_field_count> seen;
  std::size_t position = 0;
  for (auto member : object) {
    simdjson::ondemand::field entry;
    if (const auto error = std::move(member).get(entry); error != simdjson::SUCCESS) {
      return json_error(error, at);
    }
    INFERTRACK_TRY_ASSIGN(key, field_key(entry, at));
    at.field = key;
    JsonValue& field_value = entry.value();
    const unsigned char kind = kind_of(key, position++);
    if (kind < k_field_count) {
      const auto field = static_cast<Field>(kind);
      if (field != Field::derived_view && seen[kind]) {
        return fail_at(at, "duplicate field (got " + quoted_text(key) + " twice, expected it once)");
      }
      seen[kind] = true;
      switch (field) {
        case Field::model:
          INFERTRACK_TRY(read_name(field_value, at, m_model, domain::canonical_model, point.model));
          break;
        case Field::hardware:
          INFERTRACK_TRY(read_name(field_value, at, m_hardware, domain::canonical_hardware, point.hardware));
          break;
        case Field::framework:
          INFERTRACK_TRY(read_name(field_value, at, m_framework, domain::canonical_framework, point.framework));
          break;
        case Field::precision:
          INFERTRACK_TRY(read_name(field_value, at, m_precision, domain::canonical_precision, point.precision));
          break;
        default:
          INFERTRACK_TRY(read_field(field, field_value, at, point));
          break;
      }
    } else if (kind == k_note_kind) {
      for (const auto& note : point.notes) {
        if (note.kind == key) {
          return fail_at(at, "duplicate field (got " + quoted_text(key) + " twice, expected it once)");
        }
      }
      INFERTRACK_TRY_ASSIGN(note, read_optional_string(field_value, at));
      if (note) {
        point.notes.push_back(domain::PointNote{std::string(key), std::string(*note)});
      }
    } else {
      return fail_at(at,
                     "unknown field (got " + quoted_text(key)
                       + ", expected a snapshot point field or a *_note, see docs/FORMATS.md)");
    }
  }
  return complete_point(seen, index, point);
}

}  // namespace infertrack::formats
