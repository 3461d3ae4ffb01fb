#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/point_fields.hpp"

#include <array>
#include <tuple>
#include <type_traits>
#include <utility>

// Where each PointField lives in a BenchmarkPoint, for code that reads or writes points field by field.
namespace infertrack::domain {

namespace detail {

// One accessor per PointField, in its order (point_fields.cpp checks each type against the field's rule).
// clang-format off
inline constexpr auto k_point_members = std::make_tuple(
  +[](BenchmarkPoint& p) -> auto& { return p.result_id; },
  +[](BenchmarkPoint& p) -> auto& { return p.model; },
  +[](BenchmarkPoint& p) -> auto& { return p.hardware; },
  +[](BenchmarkPoint& p) -> auto& { return p.framework; },
  +[](BenchmarkPoint& p) -> auto& { return p.precision; },
  +[](BenchmarkPoint& p) -> auto& { return p.spec_method; },
  +[](BenchmarkPoint& p) -> auto& { return p.workload; },
  +[](BenchmarkPoint& p) -> auto& { return p.concurrency; },
  +[](BenchmarkPoint& p) -> auto& { return p.disaggregated; },
  +[](BenchmarkPoint& p) -> auto& { return p.isl; },
  +[](BenchmarkPoint& p) -> auto& { return p.osl; },
  +[](BenchmarkPoint& p) -> auto& { return p.prefill_gpus; },
  +[](BenchmarkPoint& p) -> auto& { return p.decode_gpus; },
  +[](BenchmarkPoint& p) -> auto& { return p.aggregate_engine_gpus; },
  +[](BenchmarkPoint& p) -> auto& { return p.total_allocated_gpus; },
  +[](BenchmarkPoint& p) -> auto& { return p.tp; },
  +[](BenchmarkPoint& p) -> auto& { return p.ep; },
  +[](BenchmarkPoint& p) -> auto& { return p.per_gpu_tps.input; },
  +[](BenchmarkPoint& p) -> auto& { return p.per_gpu_tps.output; },
  +[](BenchmarkPoint& p) -> auto& { return p.per_gpu_tps.total; },
  +[](BenchmarkPoint& p) -> auto& { return p.absolute_tps.input; },
  +[](BenchmarkPoint& p) -> auto& { return p.absolute_tps.output; },
  +[](BenchmarkPoint& p) -> auto& { return p.absolute_tps.total; },
  +[](BenchmarkPoint& p) -> auto& { return p.per_gpu_basis; },
  +[](BenchmarkPoint& p) -> auto& { return p.interactivity_p90; },
  +[](BenchmarkPoint& p) -> auto& { return p.interactivity_median; },
  +[](BenchmarkPoint& p) -> auto& { return p.latency.ttft.mean; },
  +[](BenchmarkPoint& p) -> auto& { return p.latency.ttft.median; },
  +[](BenchmarkPoint& p) -> auto& { return p.latency.ttft.p90; },
  +[](BenchmarkPoint& p) -> auto& { return p.latency.ttft.p99; },
  +[](BenchmarkPoint& p) -> auto& { return p.latency.e2el.mean; },
  +[](BenchmarkPoint& p) -> auto& { return p.latency.e2el.median; },
  +[](BenchmarkPoint& p) -> auto& { return p.latency.e2el.p90; },
  +[](BenchmarkPoint& p) -> auto& { return p.latency.e2el.p99; },
  +[](BenchmarkPoint& p) -> auto& { return p.tokens.mean_input; },
  +[](BenchmarkPoint& p) -> auto& { return p.tokens.median_input; },
  +[](BenchmarkPoint& p) -> auto& { return p.tokens.p90_input; },
  +[](BenchmarkPoint& p) -> auto& { return p.tokens.mean_output; },
  +[](BenchmarkPoint& p) -> auto& { return p.tokens.median_output; },
  +[](BenchmarkPoint& p) -> auto& { return p.tokens.p90_output; },
  +[](BenchmarkPoint& p) -> auto& { return p.cache.gpu; },
  +[](BenchmarkPoint& p) -> auto& { return p.cache.cpu; },
  +[](BenchmarkPoint& p) -> auto& { return p.cache.external; },
  +[](BenchmarkPoint& p) -> auto& { return p.cache.theoretical; },
  +[](BenchmarkPoint& p) -> auto& { return p.offload_mode; },
  +[](BenchmarkPoint& p) -> auto& { return p.kv_offloading; },
  +[](BenchmarkPoint& p) -> auto& { return p.kv_offload_backend; },
  +[](BenchmarkPoint& p) -> auto& { return p.isolated_uncached_prefill_tps_per_gpu; },
  +[](BenchmarkPoint& p) -> auto& { return p.context_limit_tokens; },
  +[](BenchmarkPoint& p) -> auto& { return p.kv_precision; },
  +[](BenchmarkPoint& p) -> auto& { return p.date; },
  +[](BenchmarkPoint& p) -> auto& { return p.run_date; },
  +[](BenchmarkPoint& p) -> auto& { return p.image; },
  +[](BenchmarkPoint& p) -> auto& { return p.run_url; },
  +[](BenchmarkPoint& p) -> auto& { return p.workflow_id; },
  +[](BenchmarkPoint& p) -> auto& { return p.recipe_fingerprint; },
  +[](BenchmarkPoint& p) -> auto& { return p.source_url; });
// clang-format on

static_assert(std::tuple_size_v<std::remove_const_t<decltype(k_point_members)>> == k_point_field_count);

}  // namespace detail

// The member of `point` that holds `Field` (const when `point` is).
template<PointField Field, typename Point>
  requires std::is_same_v<std::remove_const_t<Point>, BenchmarkPoint>
constexpr auto&
point_member(Point& point)
{
  // The accessor only names the member; a const point's member is handed back const.
  auto& member = std::get<static_cast<std::size_t>(Field)>(detail::k_point_members)(const_cast<BenchmarkPoint&>(point));
  if constexpr (std::is_const_v<Point>) {
    return std::as_const(member);
  } else {
    return member;
  }
}

namespace detail {

template<std::size_t I, typename Visitor, typename... Points>
constexpr void
visit_field(Visitor& visitor, Points&... points)
{
  visitor(static_cast<PointField>(I), point_member<static_cast<PointField>(I)>(points)...);
}

}  // namespace detail

// Calls `visitor(field, point_member<field>(points)...)` for every PointField in order; with no points, just
// `visitor(field)`.
template<typename Visitor, typename... Points>
constexpr void
for_each_point_field(Visitor&& visitor, Points&... points)
{
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (detail::visit_field<I>(visitor, points...), ...);
  }(std::make_index_sequence<k_point_field_count>{});
}

// Returns `visitor(point_member<field>(point))` for the `field` known only at run time: one indirect call through
// a table built per visitor type, so a reader's per-field dispatch costs no search.
template<typename Point, typename Visitor>
decltype(auto)
visit_point_member(PointField field, Point& point, Visitor&& visitor)
{
  using Result = decltype(visitor(point_member<PointField::result_id>(point)));
  using Call = Result (*)(Point&, Visitor&);
  static constexpr auto k_calls = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<Call, sizeof...(I)>{
      [](Point& p, Visitor& v) -> Result { return v(point_member<static_cast<PointField>(I)>(p)); }...};
  }(std::make_index_sequence<k_point_field_count>{});
  return k_calls[static_cast<std::size_t>(field)](point, visitor);
}

}  // namespace infertrack::domain
