#include "infertrack/formats/snapshot_point.hpp"

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

// The required fields, in the order a missing one is reported.
constexpr std::array k_required = {
  Field::result_id, Field::model, Field::hardware, Field::framework, Field::precision, Field::concurrency,
  Field::disaggregated, Field::total_allocated_gpus, Field::date_api, Field::total_tps_per_gpu,
};

// Required fields, then the fields that only make sense together; sets the workload.
Result<void>
complete_point(const std::bitset<k_field_count>& seen, std::size_t index, BenchmarkPoint& point)
{
  for (const Field field : k_required) {
    if (!seen[static_cast<std::size_t>(field)]) {
      const std::string_view expected = json_expected(*point_field_of(field));
      return fail_at(JsonPlace{"points", index, snapshot_field_name(field)},
                     "missing required field (got nothing, expected " + std::string(expected) + ")");
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

Result<void>
SnapshotPointReader::read_field(SnapshotField field, JsonValue& value, const JsonPlace& at, BenchmarkPoint& point)
{
  if (const auto point_field = point_field_of(field)) {
    return m_fields.read(*point_field, value, at, point);
  }
  if (field == Field::derived_view) {
    return validate_json_value(value, at);
  }
  INFERTRACK_TRY_ASSIGN(denominator, read_string(value, at));
  if (denominator != k_all_allocated_denominator) {
    return fail_at(at,
                   "unknown per-GPU denominator (got " + quoted_text(denominator) + ", expected \""
                     + std::string(k_all_allocated_denominator) + "\")");
  }
  point.per_gpu_basis = domain::PerGpuBasis::all_allocated;
  return {};
}

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
      INFERTRACK_TRY(read_field(field, field_value, at, point));
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
