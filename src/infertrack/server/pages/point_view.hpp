#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <kainjow/mustache.hpp>

namespace infertrack::server::pages {

// The facts of `point` the points table and the point page show, formatted for reading: result_id,
// id_url, model, hardware, framework, precision, spec_method, layout, gpus, concurrency, interactivity
// and its basis (domain::default_interactivity, as the chart's auto basis), total, input and output per
// allocated GPU, date.
kainjow::mustache::data point_view(const domain::BenchmarkPoint& point);

}  // namespace infertrack::server::pages
