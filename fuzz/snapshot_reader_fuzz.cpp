// libFuzzer target for the snapshot reader: any bytes must give a dataset or a diagnostic, never a crash, a
// sanitizer report or a hang. A dataset read must also survive the CSV export: written, it reads back whole.
#include "infertrack/formats/input_format.hpp"
#include "infertrack/formats/points_csv.hpp"
#include "infertrack/formats/snapshot_reader.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto read = infertrack::formats::read_snapshot(text);
  if (!read) {
    // Every refusal says something.
    if (read.error().message.empty()) {
      __builtin_trap();
    }
  } else {
    const auto exported = infertrack::formats::read_points_csv(infertrack::formats::write_points_csv(read->points));
    if (!exported || exported->points.size() != read->points.size()) {
      __builtin_trap();
    }
  }
  // Detection and dispatch see the same bytes.
  (void)infertrack::formats::detect_format(text);
  (void)infertrack::formats::read_input(text, "fuzz.json");
  return 0;
}
