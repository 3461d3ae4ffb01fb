#pragma once

#include <string>
#include <string_view>

namespace infertrack::domain {

// Canonical names for the aliases seen in the wild, so that one configuration is one group whatever the
// source calls it. Unknown names are returned trimmed and otherwise unchanged.
std::string canonical_model(std::string_view name);     // "deepseek-ai/DeepSeek-V4-Pro", "dsv4" -> "DeepSeek-V4-Pro"
std::string canonical_framework(std::string_view name); // "trtllm" -> "trt", "dynamo-trtllm" -> "dynamo-trt"
std::string canonical_precision(std::string_view name); // "nvfp4", "mxfp4" -> "fp4"
std::string canonical_hardware(std::string_view name);  // "cluster:gb200-nv" -> "gb200", "B200" -> "b200"

}  // namespace infertrack::domain
