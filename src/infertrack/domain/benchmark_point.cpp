#include "infertrack/domain/benchmark_point.hpp"

namespace infertrack::domain {

const char*
to_string(InteractivityBasis basis)
{
  return basis == InteractivityBasis::p90_itl ? "p90_itl" : "median_tpot";
}

std::optional<InteractivityBasis>
parse_interactivity_basis(std::string_view text)
{
  if (text == "p90_itl") {
    return InteractivityBasis::p90_itl;
  }
  if (text == "median_tpot") {
    return InteractivityBasis::median_tpot;
  }
  return std::nullopt;
}

const char*
to_string(PerGpuBasis basis)
{
  return basis == PerGpuBasis::all_allocated ? "all_allocated" : "role_local";
}

std::optional<PerGpuBasis>
parse_per_gpu_basis(std::string_view text)
{
  if (text == "all_allocated") {
    return PerGpuBasis::all_allocated;
  }
  if (text == "role_local") {
    return PerGpuBasis::role_local;
  }
  return std::nullopt;
}

}  // namespace infertrack::domain
