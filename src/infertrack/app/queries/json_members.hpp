#pragma once

#include "infertrack/domain/interpolation.hpp"

#include <string_view>

namespace infertrack::app {

// The JSON members of the values that two writers put in answers: nlohmann::json (json_views) for most of
// them, and util::JsonWriter for the history, too large to build as a document first. Each shape is named here
// once, so both say the same: `member(name, value)` is called for each, in order; an unknown value is an empty
// std::optional, written as null.
template<typename Member>
void
for_each_member(const domain::InterpolatedThroughput& value, Member&& member)
{
  member("state", std::string_view(domain::to_string(value.state)));
  member("tps_per_gpu", value.throughput);
  member("lower_result_id", value.lower_result_id);
  member("upper_result_id", value.upper_result_id);
}

template<typename Member>
void
for_each_member(const domain::FrontierKnot& knot, Member&& member)
{
  member("interactivity", knot.interactivity);
  member("tps_per_gpu", knot.throughput);
  member("result_id", std::string_view(knot.result_id));
}

}  // namespace infertrack::app
