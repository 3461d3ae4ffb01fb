#include "infertrack/server/pages/point_view.hpp"

#include "infertrack/domain/per_gpu_throughput.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/server/pages/page_format.hpp"

#include <fmt/format.h>

namespace infertrack::server::pages {
namespace {

std::string
throughput_text(const std::optional<double>& tps)
{
  return tps ? format_throughput(*tps) : "n/a";
}

// "8P + 8D" for a disaggregated group, the engine's count for an aggregated one; the total allocated
// count is the per-GPU denominator either way.
std::string
gpus_text(const domain::BenchmarkPoint& point)
{
  if (point.disaggregated && point.prefill_gpus && point.decode_gpus) {
    return fmt::format("{} ({}P + {}D)", point.total_allocated_gpus, *point.prefill_gpus, *point.decode_gpus);
  }
  return fmt::format("{}", point.total_allocated_gpus);
}

}  // namespace

kainjow::mustache::data
point_view(const domain::BenchmarkPoint& point, std::span<const domain::DataFinding> findings)
{
  kainjow::mustache::data view;
  view.set("result_id", point.result_id);
  view.set("id_url", percent_encode_segment(point.result_id));
  view.set("model", point.model);
  view.set("hardware", point.hardware);
  view.set("framework", point.framework);
  view.set("precision", point.precision);
  view.set("spec_method", point.spec_method);
  view.set("layout", point.disaggregated ? "disaggregated" : "aggregated");
  view.set("gpus", gpus_text(point));
  view.set("concurrency", fmt::format("{}", point.concurrency));
  constexpr int k_interactivity_decimals = 1;
  if (const auto interactivity = domain::default_interactivity(point)) {
    view.set("interactivity", format_number(interactivity->value, k_interactivity_decimals));
    view.set("basis", interactivity->basis == domain::InteractivityBasis::p90_itl ? "P90" : "median");
  } else {
    view.set("interactivity", "n/a");
    view.set("basis", "none");
  }
  view.set("total", throughput_text(point.per_gpu_tps.total));
  // Per allocated GPU, the total's denominator beside them (role-local values scaled to it).
  view.set("input", throughput_text(domain::per_allocated_gpu(point, domain::ThroughputMetric::input)));
  view.set("output", throughput_text(domain::per_allocated_gpu(point, domain::ThroughputMetric::output)));
  view.set("date", point.date);
  kainjow::mustache::data listed{kainjow::mustache::data::type::list};
  for (const domain::DataFinding& finding : findings) {
    kainjow::mustache::data item;
    item.set("kind", domain::to_string(finding.kind));
    item.set("detail", finding.detail);
    listed.push_back(item);
  }
  view.set("point_findings", listed);
  return view;
}

}  // namespace infertrack::server::pages
