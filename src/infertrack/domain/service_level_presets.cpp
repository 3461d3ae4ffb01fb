#include "infertrack/domain/service_level_presets.hpp"

#include "infertrack/util/assertions.hpp"

#include <array>
#include <utility>

namespace infertrack::domain {
namespace {

// Chat waits on the first token; reasoning on the whole, long answer; batch only needs the tokens to flow.
constexpr std::array k_presets = {
  ServiceLevelPreset{"chat", "Chat", "interactivity>=50,ttft_p99<=2s"},
  ServiceLevelPreset{"reasoning", "Reasoning", "interactivity>=30,e2el_p90<=120s"},
  ServiceLevelPreset{"batch", "Batch", "interactivity>=10"},
};

}  // namespace

std::span<const ServiceLevelPreset>
service_level_presets()
{
  return k_presets;
}

const ServiceLevelPreset*
find_service_level_preset(std::string_view key)
{
  for (const ServiceLevelPreset& preset : k_presets) {
    if (preset.key == key) {
      return &preset;
    }
  }
  return nullptr;
}

std::string
service_level_preset_keys()
{
  std::string keys;
  for (std::size_t i = 0; i < k_presets.size(); ++i) {
    keys += i == 0 ? "" : i + 1 == k_presets.size() ? " or " : ", ";
    keys += k_presets[i].key;
  }
  return keys;
}

ServiceLevelTarget
preset_target(const ServiceLevelPreset& preset)
{
  auto target = parse_service_level_target(preset.slo);
  INFERTRACK_ASSERT(target.has_value());
  return std::move(*target);
}

}  // namespace infertrack::domain
