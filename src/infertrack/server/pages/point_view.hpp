#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/data_finding.hpp"

#include <kainjow/mustache.hpp>

#include <span>

namespace infertrack::server::pages {

// The facts of `point` the points table and the point page show, formatted for reading: result_id,
// id_url, model, hardware, framework, precision, spec_method, layout, gpus, concurrency, interactivity
// and its basis (domain::default_interactivity, as the chart's auto basis), total, input and output per
// allocated GPU, date; and point_findings, the kind and detail of each of `findings` (the point's own).
kainjow::mustache::data point_view(const domain::BenchmarkPoint& point,
                                   std::span<const domain::DataFinding> findings = {});

}  // namespace infertrack::server::pages
