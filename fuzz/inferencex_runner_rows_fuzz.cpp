// libFuzzer target for the InferenceX runner rows reader (agg_*.json): any bytes must give a dataset or a
// diagnostic, never a crash, a sanitizer report or a hang. A dataset read must also survive the CSV export
// (written, it reads back whole) and the data-quality pass every ingest runs on it.
#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/inferencex_runner_rows.hpp"
#include "infertrack/formats/input_format.hpp"
#include "infertrack/formats/points_csv.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto read = infertrack::formats::read_inferencex_runner_rows(text);
  if (!read) {
    // Every refusal says something, and names where.
    if (read.error().message.empty()) {
      __builtin_trap();
    }
  } else {
    const auto exported = infertrack::formats::read_points_csv(infertrack::formats::write_points_csv(read->points));
    if (!exported || exported->points.size() != read->points.size()) {
      __builtin_trap();
    }
    for (auto& point : read->points) {
      infertrack::domain::complete_point(point);
      (void)infertrack::domain::check_point(point);
    }
  }
  // Detection and dispatch see the same bytes.
  (void)infertrack::formats::detect_format(text);
  (void)infertrack::formats::read_input(text, "fuzz.json");
  return 0;
}
