#include "infertrack/domain/curve_comparison.hpp"

#include "infertrack/domain/glance_table.hpp"

#include <fmt/core.h>

#include <functional>
#include <set>

namespace infertrack::domain {
namespace {

// A value read off the measured range, not a lower bound below it nor nothing above it.
bool
covered(const InterpolatedThroughput& value)
{
  return value.state == InterpolationState::exact || value.state == InterpolationState::interpolated;
}

std::optional<double>
ratio_of(const InterpolatedThroughput& a, const InterpolatedThroughput& b)
{
  if (!a.throughput || !b.throughput || *a.throughput <= 0) {
    return std::nullopt;
  }
  return *b.throughput / *a.throughput;
}

RatioBound
bound_of(const InterpolatedThroughput& a, const InterpolatedThroughput& b, const std::optional<double>& ratio)
{
  if (!ratio) {
    return RatioBound::none;
  }
  const bool a_low = a.state == InterpolationState::clamped_low;
  const bool b_low = b.state == InterpolationState::clamped_low;
  return a_low && b_low ? RatioBound::unbounded
         : b_low        ? RatioBound::at_least
         : a_low        ? RatioBound::at_most
                        : RatioBound::exact;
}

ComparedValue
compared(double target, InterpolatedThroughput a, InterpolatedThroughput b)
{
  ComparedValue value{target, std::move(a), std::move(b), std::nullopt, RatioBound::none};
  value.ratio = ratio_of(value.a, value.b);
  value.bound = bound_of(value.a, value.b, value.ratio);
  return value;
}

std::string
number_text(const std::optional<std::int64_t>& value)
{
  return value ? std::to_string(*value) : "unknown";
}

using SettingOf = std::function<std::string(const BenchmarkPoint&)>;

std::vector<std::string>
distinct(std::span<const BenchmarkPoint> points, const SettingOf& setting_of)
{
  std::set<std::string> values;
  for (const BenchmarkPoint& point : points) {
    values.insert(setting_of(point));
  }
  return {values.begin(), values.end()};
}

}  // namespace

const char*
to_string(RatioBound bound)
{
  switch (bound) {
    case RatioBound::none:
      return "none";
    case RatioBound::exact:
      return "exact";
    case RatioBound::at_least:
      return "at_least";
    case RatioBound::at_most:
      return "at_most";
    case RatioBound::unbounded:
      return "unbounded";
  }
  return "none";
}

ComparedValue
compare_at(const PerformanceCurve& a, const PerformanceCurve& b, double target)
{
  return compared(target, interpolate_curve(a, target), interpolate_curve(b, target));
}

std::vector<ComparedValue>
compare_at_shared_targets(const PerformanceCurve& a, const PerformanceCurve& b)
{
  // The glance table's columns cover either curve's range; only those inside both are compared.
  const GlanceTable table = glance_table({a, b});
  std::vector<ComparedValue> values;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    const InterpolatedThroughput& on_a = table.rows[0].cells[i];
    const InterpolatedThroughput& on_b = table.rows[1].cells[i];
    if (covered(on_a) && covered(on_b)) {
      values.push_back(compared(table.columns[i].interactivity, on_a, on_b));
    }
  }
  return values;
}

std::vector<SettingComparison>
compare_settings(std::span<const BenchmarkPoint> a, std::span<const BenchmarkPoint> b)
{
  const std::pair<const char*, SettingOf> settings[] = {
    {"hardware", [](const BenchmarkPoint& p) { return p.hardware; }},
    {"framework", [](const BenchmarkPoint& p) { return p.framework; }},
    {"precision", [](const BenchmarkPoint& p) { return p.precision; }},
    {"spec_method", [](const BenchmarkPoint& p) { return p.spec_method; }},
    {"layout", [](const BenchmarkPoint& p) { return std::string(p.disaggregated ? "disagg" : "agg"); }},
    {"workload", [](const BenchmarkPoint& p) { return p.workload; }},
    {"date", [](const BenchmarkPoint& p) { return p.date; }},
    {"image", [](const BenchmarkPoint& p) { return p.image.value_or("unknown"); }},
    {"tp", [](const BenchmarkPoint& p) { return number_text(p.tp); }},
    {"ep", [](const BenchmarkPoint& p) { return number_text(p.ep); }},
    {"total_allocated_gpus", [](const BenchmarkPoint& p) { return std::to_string(p.total_allocated_gpus); }},
    {"prefill_gpus", [](const BenchmarkPoint& p) { return number_text(p.prefill_gpus); }},
    {"decode_gpus", [](const BenchmarkPoint& p) { return number_text(p.decode_gpus); }},
    {"aggregate_engine_gpus", [](const BenchmarkPoint& p) { return number_text(p.aggregate_engine_gpus); }},
    {"per_gpu_basis", [](const BenchmarkPoint& p) { return std::string(to_string(p.per_gpu_basis)); }},
  };
  std::vector<SettingComparison> list;
  for (const auto& [name, setting_of] : settings) {
    SettingComparison setting{name, distinct(a, setting_of), distinct(b, setting_of), false};
    setting.differs = setting.a != setting.b;
    list.push_back(std::move(setting));
  }
  return list;
}

}  // namespace infertrack::domain
