#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/config_group.hpp"

#include <nlohmann/json.hpp>

#include <span>

namespace infertrack::server::api {

// A point in the public InferenceX benchmark row shape (DOMAIN.md section 8: per-GPU metrics, `*_intvty`,
// P/D fields; unknown fields null), plus a `provenance` object with what that shape has no room for.
nlohmann::json benchmark_row(const domain::BenchmarkPoint& point);

// The availability rows of `runs` (in listing order): one per model, sequence, precision, hardware, framework,
// spec method, disaggregation and date.
nlohmann::json availability_rows(std::span<const domain::ConfigGroupKey> runs);

}  // namespace infertrack::server::api
