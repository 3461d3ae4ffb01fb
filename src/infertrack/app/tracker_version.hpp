#pragma once

#include <string_view>

namespace infertrack::app {

// The tracker's version, as `infertrack --version` prints it and every export's provenance records it
// (keep in step with project(VERSION) in CMakeLists.txt).
inline constexpr std::string_view k_tracker_version = "0.1.0";

}  // namespace infertrack::app
