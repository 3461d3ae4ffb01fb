#include "infertrack/app/queries/curve_csv.hpp"

#include "infertrack/util/csv_field.hpp"

namespace infertrack::app {

void
append_curve_csv_columns(std::string& text, std::string_view label, const domain::PerformanceCurve& curve)
{
  const domain::ConfigGroupKey& group = curve.group;
  for (const std::string_view field : {label, std::string_view(group.model), std::string_view(group.hardware),
                                       std::string_view(group.framework), std::string_view(group.precision),
                                       std::string_view(group.spec_method)}) {
    util::append_csv_field(text, field);
    text += ',';
  }
  text += group.disaggregated ? "true," : "false,";
  util::append_csv_field(text, group.workload);
  text += ',';
  text += group.date;
  text += ',';
  text += domain::to_string(curve.basis);
  text += ',';
  text += domain::to_string(curve.metric);
}

}  // namespace infertrack::app
