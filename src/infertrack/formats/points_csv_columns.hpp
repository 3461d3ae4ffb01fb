#pragma once

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
  input_tput_per_gpu, output_tput_per_gpu, interactivity, interactivity_basis, source_url, run_url, image, notes,
};
// clang-format on

inline constexpr std::size_t k_csv_column_count = static_cast<std::size_t>(CsvColumn::notes) + 1;

// clang-format off
inline constexpr std::array<std::string_view, k_csv_column_count> k_csv_column_names = {
  "result_id", "model", "hardware", "framework", "precision", "spec_method", "disaggregated", "date", "isl",
  "osl", "workload", "concurrency", "total_allocated_gpus", "prefill_gpus", "decode_gpus", "tp", "ep", "tput_per_gpu",
  "input_tput_per_gpu", "output_tput_per_gpu", "interactivity", "interactivity_basis", "source_url", "run_url", "image",
  "notes",
};
// clang-format on

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
