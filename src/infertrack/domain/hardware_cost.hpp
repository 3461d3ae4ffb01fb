#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace infertrack::domain {

// What one GPU of a rack-scale system costs and draws, as published on a date. Figures change over time, so
// each entry keeps its source and effective date and several dates may coexist for one hardware key.
struct HardwareCost
{
  std::string hardware;       // GPU key matching BenchmarkPoint::hardware, e.g. "gb200"
  std::string name;           // e.g. "NVIDIA GB200 NVL72"
  std::optional<std::int64_t> gpus_per_rack; // unset when the source gives none: a plan then needs one given
  double cost_per_gpu_hour = 0; // US dollars, owning at scale
  double kw_per_gpu = 0;        // all-in: chip plus its share of host, NICs and switches; PUE excluded
  std::string effective_date;   // YYYY-MM-DD the figures were retrieved or published
  std::optional<std::string> source_url;

  bool operator==(const HardwareCost&) const = default;
};

}  // namespace infertrack::domain
