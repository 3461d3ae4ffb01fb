#include "infertrack/domain/config_group.hpp"

#include <fmt/core.h>

namespace infertrack::domain {

std::string
ConfigGroupKey::label() const
{
  std::string text = fmt::format("{} {} {} {} {} {} {}",
                                 model,
                                 hardware,
                                 framework,
                                 precision,
                                 spec_method,
                                 disaggregated ? "disagg" : "agg",
                                 workload);
  if (!date.empty()) {
    text += ' ';
    text += date;
  }
  return text;
}

ConfigGroupKey
config_group_of(const BenchmarkPoint& point)
{
  return ConfigGroupKey{point.model,
                        point.hardware,
                        point.framework,
                        point.precision,
                        point.spec_method,
                        point.disaggregated,
                        point.workload,
                        point.date};
}

}  // namespace infertrack::domain
