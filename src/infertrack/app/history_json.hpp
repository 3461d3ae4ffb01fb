#pragma once

#include "infertrack/app/history_query.hpp"
#include "infertrack/domain/history.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <span>
#include <string>

namespace infertrack::app {

// The JSON of performance over time, shared by `history --json` and GET /api/v1/history (same rules as
// json_views.hpp: unknown values are null, a gap is null with its reason, never 0).
nlohmann::json to_json(const domain::ImprovementFactor& factor);
nlohmann::json to_json(const domain::HistoryPoint& point, double target);
nlohmann::json to_json(const HistoryRow& row, double target);

// The whole answer: the query's target, launch date, metric and range, and one row per configuration.
nlohmann::json history_json(const HistoryQuery& query, std::span<const HistoryRow> rows);

// Why a run has no value at `target`: "target 5 tok/s/user is above the fastest measured 2.43"; empty
// when it has one.
std::optional<std::string> gap_reason(const domain::HistoryPoint& point, double target);

}  // namespace infertrack::app
