#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/demand_preset.hpp"
#include "infertrack/domain/eval_result.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/point_field_members.hpp"
#include "infertrack/domain/published_headline.hpp"

#include <array>
#include <tuple>
#include <utility>

namespace infertrack::store {

// The name of one stored field: its column, and the domain member path used in diagnostics.
struct FieldName
{
  const char* column;
  const char* field;
};

// The scalar fields of each stored record type, in the order a conflict names them (columns are bound and read by
// name, so the table's own order may differ). `visit(visitor, records...)` calls
// `visitor(FieldName, records.member...)` once per field, so one list drives binding, reading and comparing
// (with several records the visitor sees the same member of each). Keep each list in step with the
// migrations: the column names here must exist in the table.
template<typename Record> struct RecordFields;

// The stored fields of a record whose columns are named as its members: the names, and the pointers to the
// members in the same order.
template<typename Record> inline constexpr auto k_record_members = nullptr;

// clang-format off
template<> inline constexpr auto k_record_members<domain::HardwareCost> = std::pair{
  std::array{"hardware", "name", "effective_date", "gpus_per_rack", "cost_per_gpu_hour", "kw_per_gpu", "source_url"},
  std::tuple{&domain::HardwareCost::hardware, &domain::HardwareCost::name, &domain::HardwareCost::effective_date,
             &domain::HardwareCost::gpus_per_rack, &domain::HardwareCost::cost_per_gpu_hour,
             &domain::HardwareCost::kw_per_gpu, &domain::HardwareCost::source_url}};

template<> inline constexpr auto k_record_members<domain::DemandPreset> = std::pair{
  std::array{"key", "label", "tokens_per_day", "note", "source_url"},
  std::tuple{&domain::DemandPreset::key, &domain::DemandPreset::label, &domain::DemandPreset::tokens_per_day,
             &domain::DemandPreset::note, &domain::DemandPreset::source_url}};

template<> inline constexpr auto k_record_members<domain::PublishedHeadline> = std::pair{
  std::array{"label", "model", "target_interactivity", "total_tps_per_gpu", "interpolated", "bracket_result_ids",
             "extra_disagg_factor_in_overview", "use_as_decode_tps"},
  std::tuple{&domain::PublishedHeadline::label, &domain::PublishedHeadline::model,
             &domain::PublishedHeadline::target_interactivity, &domain::PublishedHeadline::total_tps_per_gpu,
             &domain::PublishedHeadline::interpolated, &domain::PublishedHeadline::bracket_result_ids,
             &domain::PublishedHeadline::extra_disagg_factor_in_overview,
             &domain::PublishedHeadline::use_as_decode_tps}};

template<> inline constexpr auto k_record_members<domain::EvalResult> = std::pair{
  std::array{"eval_id", "model", "hardware", "framework", "precision", "spec_method", "disaggregated", "isl", "osl",
             "concurrency", "date", "task", "score", "standard_error", "metric", "run_url"},
  std::tuple{&domain::EvalResult::eval_id, &domain::EvalResult::model, &domain::EvalResult::hardware,
             &domain::EvalResult::framework, &domain::EvalResult::precision, &domain::EvalResult::spec_method,
             &domain::EvalResult::disaggregated, &domain::EvalResult::isl, &domain::EvalResult::osl,
             &domain::EvalResult::concurrency, &domain::EvalResult::date, &domain::EvalResult::task,
             &domain::EvalResult::score, &domain::EvalResult::standard_error, &domain::EvalResult::metric,
             &domain::EvalResult::run_url}};
// clang-format on

// Calls `v` on the field named `name`, the member `member` of each of `records`.
template<typename Member, typename Visitor, typename... Records>
void
visit_record_member(const char* name, [[maybe_unused]] Member member, Visitor& v, Records&... records)
{
  v(FieldName{name, name}, (records.*member)...);
}

// Records listed in k_record_members.
template<typename Record> struct RecordFields
{
  template<typename Visitor, typename... Records> static void visit(Visitor&& v, Records&... r)
  {
    constexpr auto& k_members = k_record_members<Record>;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (visit_record_member(k_members.first[I], std::get<I>(k_members.second), v, r...), ...);
    }(std::make_index_sequence<k_members.first.size()>{});
  }
};

// A point's fields and columns are those of the one point field table (domain/point_fields.hpp).
template<> struct RecordFields<domain::BenchmarkPoint>
{
  template<typename Visitor, typename... Points> static void visit(Visitor&& v, Points&... p)
  {
    domain::for_each_point_field(
      [&](domain::PointField field, auto&... members) {
        const domain::PointFieldInfo& info = domain::info_of(field);
        // The table's names are string literals, so each view ends in a NUL.
        v(FieldName{info.column.data(), info.member.data()}, members...);
      },
      p...);
  }
};

}  // namespace infertrack::store
