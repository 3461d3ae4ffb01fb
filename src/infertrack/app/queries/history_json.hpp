#pragma once

#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/domain/history.hpp"
#include "infertrack/util/json_writer.hpp"

#include <optional>
#include <span>
#include <string>

namespace infertrack::app {

// The JSON of performance over time, shared by `history --json`, GET /api/v1/history and the history export
// (same rules as json_views.hpp: unknown values are null, a gap is null with its reason, never 0). Written as
// text: a page holds thousands of runs, and building them as nlohmann::json first cost most of a request.

// The rows alone, as a JSON array.
std::string history_rows_json(std::span<const HistoryRow> rows, double target);

// The whole answer: the query's target, launch date, metric, range and page, and one row per configuration;
// compact, or laid out with `indent` as util::JsonWriter does. It ends in a line break.
std::string history_json(const HistoryQuery& query, const HistoryAnswer& answer,
                         int indent = util::JsonWriter::k_compact);

// Why a run has no value at `target`: "target 5 tok/s/user is above the fastest measured 2.43", or that no point
// of the run has the series' statistic and metric; empty when it has one.
std::optional<std::string>
gap_reason(const domain::HistorySeries& series, const domain::HistoryPoint& point, double target);

}  // namespace infertrack::app
