#pragma once

#include <string>
#include <vector>

namespace infertrack::domain {

// A headline value a source published (e.g. total tok/s/GPU at 100 tok/s/user), kept beside the value the
// tracker computes so that both stay visible.
struct PublishedHeadline
{
  std::string label;  // as the source names it: "Pro", "Flash"
  std::string model;  // canonical model the label refers to
  double target_interactivity = 0;  // tok/s/user
  double total_tps_per_gpu = 0;
  bool interpolated = false;
  std::vector<std::string> bracket_result_ids;
  bool extra_disagg_factor_in_overview = false; // the source's overview applied another P/D division
  bool use_as_decode_tps = false;

  bool operator==(const PublishedHeadline&) const = default;
};

}  // namespace infertrack::domain
