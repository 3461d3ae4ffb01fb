#include "infertrack/app/point_filter.hpp"

#include "infertrack/domain/name_aliases.hpp"

namespace infertrack::app {

store::PointFilter
canonical_filter(store::PointFilter filter)
{
  if (filter.model) {
    filter.model = domain::canonical_model(*filter.model);
  }
  if (filter.hardware) {
    filter.hardware = domain::canonical_hardware(*filter.hardware);
  }
  if (filter.framework) {
    filter.framework = domain::canonical_framework(*filter.framework);
  }
  if (filter.precision) {
    filter.precision = domain::canonical_precision(*filter.precision);
  }
  return filter;
}

}  // namespace infertrack::app
