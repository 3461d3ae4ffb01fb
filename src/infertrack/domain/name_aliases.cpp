#include "infertrack/domain/name_aliases.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace infertrack::domain {
namespace {

constexpr std::string_view k_pro = "DeepSeek-V4-Pro";
constexpr std::string_view k_flash = "DeepSeek-V4.1-Flash";
constexpr std::string_view k_r1 = "DeepSeek-R1-0528";

// Full model ids, lower case, with and without the Hugging Face organisation.
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> k_models{{
  {"deepseek-ai/deepseek-v4-pro", k_pro},
  {"deepseek-v4-pro", k_pro},
  {"deepseek-ai/deepseek-v4.1-flash", k_flash},
  {"deepseek-v4.1-flash", k_flash},
  {"deepseek-ai/deepseek-r1-0528", k_r1},
  {"deepseek-r1-0528", k_r1},
  {"dsr1", k_r1},
}};

constexpr std::array<std::pair<std::string_view, std::string_view>, 2> k_frameworks{{
  {"trtllm", "trt"},
  {"dynamo-trtllm", "dynamo-trt"},
}};

constexpr std::array<std::pair<std::string_view, std::string_view>, 2> k_precisions{{
  {"nvfp4", "fp4"},
  {"mxfp4", "fp4"},
}};

template<std::size_t N>
std::string
aliased(const std::array<std::pair<std::string_view, std::string_view>, N>& aliases, std::string name)
{
  for (const auto& [alias, canonical] : aliases) {
    if (name == alias) {
      return std::string(canonical);
    }
  }
  return name;
}

}  // namespace

std::string
canonical_model(std::string_view name)
{
  const std::string_view given = util::trim(name);
  const std::string lower = util::ascii_lower(given);
  for (const auto& [alias, canonical] : k_models) {
    if (lower == alias) {
      return std::string(canonical);
    }
  }
  // Runner prefixes: "dsv4.1..." is the V4.1 Flash; any other "dsv4..." is the Pro, except a Flash of
  // another version, which stays as given rather than be merged into the Pro's groups.
  if (lower.starts_with("dsv4.1")) {
    return std::string(k_flash);
  }
  if (lower.starts_with("dsv4") && lower.find("flash") == std::string::npos) {
    return std::string(k_pro);
  }
  return std::string(given);
}

std::string
canonical_framework(std::string_view name)
{
  return aliased(k_frameworks, util::ascii_lower(util::trim(name)));
}

std::string
canonical_precision(std::string_view name)
{
  return aliased(k_precisions, util::ascii_lower(util::trim(name)));
}

std::string
canonical_hardware(std::string_view name)
{
  // Runner labels such as "cluster:gb200-nv": the GPU follows the last ':' and ends at the first '-'.
  std::string_view gpu = util::trim(name);
  if (const auto colon = gpu.rfind(':'); colon != std::string_view::npos) {
    gpu = util::trim(gpu.substr(colon + 1));
  }
  return util::ascii_lower(gpu.substr(0, gpu.find('-')));
}

}  // namespace infertrack::domain
