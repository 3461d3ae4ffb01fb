// libFuzzer target for the measured-points CSV reader: any bytes must give a dataset or a diagnostic, never a
// crash or a sanitizer report. A dataset read must round-trip: written and read again, the same points.
#include "infertrack/formats/input_format.hpp"
#include "infertrack/formats/points_csv.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto read = infertrack::formats::read_points_csv(text);
  if (!read) {
    if (read.error().message.empty() || read.error().record.empty()) {
      __builtin_trap();  // CSV diagnostics always name a line
    }
  } else {
    const auto again = infertrack::formats::read_points_csv(infertrack::formats::write_points_csv(read->points));
    if (!again || again->points != read->points) {
      __builtin_trap();
    }
  }
  (void)infertrack::formats::detect_format(text);
  (void)infertrack::formats::read_input(text, "fuzz.csv");
  return 0;
}
