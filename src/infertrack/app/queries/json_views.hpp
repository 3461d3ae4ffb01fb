#pragma once

#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/data_finding.hpp"
#include "infertrack/domain/demand_preset.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/headline_comparison.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <span>

namespace infertrack::app {

// An unknown value as null, a known one as itself.
template<typename T>
nlohmann::json
optional_json(const std::optional<T>& value)
{
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

// The JSON shapes of the tracker's answers, shared by `--json` on the CLI and the HTTP API so that both
// say exactly the same thing. Unknown values are null, never a made-up default.
nlohmann::json to_json(const domain::BenchmarkPoint& point);
// A configuration group's label and identity fields, without its run date (a history spans dates).
nlohmann::json to_json(const domain::ConfigGroupKey& group);
nlohmann::json to_json(const domain::DataFinding& finding);
nlohmann::json to_json(const domain::HardwareCost& cost);
nlohmann::json to_json(const domain::DemandPreset& preset);
nlohmann::json to_json(const domain::HeadlineComparison& comparison);
nlohmann::json to_json(const domain::InterpolatedThroughput& value);
nlohmann::json to_json(const domain::FrontierKnot& knot); // {interactivity, tps_per_gpu, result_id}
// A whole-rack plan: its mix, demand per second, binding side, groups, racks, GPUs, $/day, MW and $/M tokens.
nlohmann::json to_json(const domain::RackPlan& plan);
// A knot of `curve`: to_json(knot) on an interactivity curve, {latency_s, tps_per_gpu, result_id} on a latency one.
nlohmann::json knot_json(const domain::PerformanceCurve& curve, const domain::FrontierKnot& knot);
// What a curve's x is: {"axis": "interactivity" or a latency such as "ttft_p99", "axis_unit": "tok/s/user" or "s"}.
nlohmann::json curve_axis_json(const domain::PerformanceCurve& curve);
nlohmann::json to_json(const InterpolationRow& row);
nlohmann::json to_json(const PlanAnswer& answer);

// The configurations an interpolation has no curve for, each with its reason: [{"configuration", "reason"}].
nlohmann::json left_out_json(std::span<const LeftOutConfiguration> left_out);

// The answer to an interpolation query, as `interpolate --json` and GET /api/v1/interpolate give it: the target,
// one row per configuration, those left out with the reason, and the published headlines beside.
nlohmann::json interpolation_answer_json(double target,
                                         std::span<const InterpolationRow> rows,
                                         std::span<const LeftOutConfiguration> left_out,
                                         std::span<const domain::HeadlineComparison> headlines);

// A point with its findings, as `points show` and the API's point route give it.
nlohmann::json point_detail_json(const domain::BenchmarkPoint& point,
                                 std::span<const domain::DataFinding> findings);

}  // namespace infertrack::app
