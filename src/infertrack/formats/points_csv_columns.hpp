#pragma once

#include "infertrack/domain/point_fields.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

// The columns of the measured-points CSV (docs/FORMATS.md), shared by its reader, writer and format detection.
namespace infertrack::formats {

// In the order the writer puts them.
// clang-format off
enum class CsvColumn : unsigned char
{
  result_id, model, hardware, framework, precision, spec_method, disaggregated, date, isl, osl, workload,
  concurrency, total_allocated_gpus, prefill_gpus, decode_gpus, tp, ep, tput_per_gpu,
  input_tput_per_gpu, output_tput_per_gpu, interactivity, interactivity_basis, source_url, run_url, image,
  mean_ttft, median_ttft, p90_ttft, p99_ttft, mean_e2el, median_e2el, p90_e2el, p99_e2el, notes,
};
// clang-format on

inline constexpr std::size_t k_csv_column_count = static_cast<std::size_t>(CsvColumn::notes) + 1;

// clang-format off
inline constexpr std::array<std::string_view, k_csv_column_count> k_csv_column_names = {
  "result_id", "model", "hardware", "framework", "precision", "spec_method", "disaggregated", "date", "isl",
  "osl", "workload", "concurrency", "total_allocated_gpus", "prefill_gpus", "decode_gpus", "tp", "ep", "tput_per_gpu",
  "input_tput_per_gpu", "output_tput_per_gpu", "interactivity", "interactivity_basis", "source_url", "run_url", "image",
  "mean_ttft", "median_ttft", "p90_ttft", "p99_ttft", "mean_e2el", "median_e2el", "p90_e2el", "p99_e2el", "notes",
};
// clang-format on

// The point field each column fills by the point field table's rule, in CsvColumn order; nullopt for the columns
// read by the CSV's own rules (workload, interactivity and its basis, notes).
// clang-format off
inline constexpr std::array<std::optional<domain::PointField>, k_csv_column_count> k_csv_column_fields = {
  domain::PointField::result_id, domain::PointField::model, domain::PointField::hardware,
  domain::PointField::framework, domain::PointField::precision, domain::PointField::spec_method,
  domain::PointField::disaggregated, domain::PointField::date, domain::PointField::isl, domain::PointField::osl,
  std::nullopt, domain::PointField::concurrency, domain::PointField::total_allocated_gpus,
  domain::PointField::prefill_gpus, domain::PointField::decode_gpus, domain::PointField::tp, domain::PointField::ep,
  domain::PointField::total_tps_per_gpu, domain::PointField::input_tps_per_gpu, domain::PointField::output_tps_per_gpu,
  std::nullopt, std::nullopt, domain::PointField::source_url, domain::PointField::run_url, domain::PointField::image,
  domain::PointField::mean_ttft, domain::PointField::median_ttft, domain::PointField::p90_ttft, domain::PointField::p99_ttft, domain::PointField::mean_e2el, domain::PointField::median_e2el, domain::PointField::p90_e2el, domain::PointField::p99_e2el,
  std::nullopt,
};
// clang-format on
static_assert(k_csv_column_fields[static_cast<std::size_t>(CsvColumn::image)] == domain::PointField::image);

// A row must give these; the others may be absent or empty (unknown).
// clang-format off
inline constexpr std::array k_csv_required_columns = {
  CsvColumn::model,        CsvColumn::hardware,     CsvColumn::framework,
  CsvColumn::precision,    CsvColumn::date,         CsvColumn::concurrency,
  CsvColumn::total_allocated_gpus, CsvColumn::tput_per_gpu, CsvColumn::interactivity,
  CsvColumn::interactivity_basis,
};
// clang-format on

inline constexpr std::string_view
name_of(CsvColumn column)
{
  return k_csv_column_names[static_cast<std::size_t>(column)];
}

inline constexpr std::optional<CsvColumn>
csv_column_named(std::string_view name)
{
  for (std::size_t i = 0; i < k_csv_column_count; ++i) {
    if (k_csv_column_names[i] == name) {
      return static_cast<CsvColumn>(i);
    }
  }
  return std::nullopt;
}

inline constexpr std::optional<domain::PointField>
point_field_of(CsvColumn column)
{
  return k_csv_column_fields[static_cast<std::size_t>(column)];
}

inline constexpr bool
is_required(CsvColumn column)
{
  for (CsvColumn required : k_csv_required_columns) {
    if (required == column) {
      return true;
    }
  }
  return false;
}

}  // namespace infertrack::formats
