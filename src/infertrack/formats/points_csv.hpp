#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/dataset.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/util/result.hpp"

#include <span>
#include <string>
#include <string_view>

namespace infertrack::formats {

// Reads the measured-points CSV (docs/FORMATS.md): a header row naming its columns in any order, then one
// point per row. Diagnostics name the line number as the record and the column as the field. With `batches`,
// the points go there a batch at a time as they are read, and the dataset holds the rest.
util::Result<domain::Dataset> read_points_csv(std::string_view text, const PointBatchSink* batches = nullptr);

// Writes points in the same CSV format, so that an export can be ingested again.
std::string write_points_csv(std::span<const domain::BenchmarkPoint> points);
// write_points_csv in parts, for a file written a page of points at a time: the header row, then the rows.
void append_points_csv_header(std::string& out);
void append_points_csv_rows(std::string& out, std::span<const domain::BenchmarkPoint> points);

// `point` as the CSV carries it: written as a row and read back (Dataset::as_carried of every CSV dataset).
domain::BenchmarkPoint as_carried_by_points_csv(const domain::BenchmarkPoint& point);

// The stable result id of a row that has none: derived from its identity columns only, so that a row
// entered twice is one record and a changed number under the same identity is a conflict.
std::string derived_result_id(const domain::BenchmarkPoint& point);

}  // namespace infertrack::formats
