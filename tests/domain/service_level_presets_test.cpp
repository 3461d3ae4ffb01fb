#include "infertrack/domain/service_level_presets.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace infertrack::domain {
namespace {

TEST(ServiceLevelPresets, EachParsesAndWritesBackAsItsOwnText)
{
  ASSERT_EQ(service_level_presets().size(), 3u);
  std::set<std::string_view> keys;
  for (const ServiceLevelPreset& preset : service_level_presets()) {
    const auto target = parse_service_level_target(preset.slo);
    ASSERT_TRUE(target) << preset.key << ": " << target.error().message;
    // Normalised text equal to the preset's: answers (the glance's slo_columns, /slo's slo) echo the same limits.
    EXPECT_EQ(target->text(), preset.slo) << preset.key;
    EXPECT_EQ(preset_target(preset).limits, target->limits) << preset.key;
    EXPECT_FALSE(preset.label.empty()) << preset.key;
    EXPECT_TRUE(keys.insert(preset.key).second) << "repeated key " << preset.key;
  }
}

TEST(ServiceLevelPresets, ChatReasoningAndBatchInThatOrder)
{
  const auto presets = service_level_presets();
  EXPECT_EQ(presets[0].key, "chat");
  EXPECT_EQ(presets[0].slo, "interactivity>=50,ttft_p99<=2s");
  EXPECT_EQ(presets[1].key, "reasoning");
  EXPECT_EQ(presets[1].slo, "interactivity>=30,e2el_p90<=120s");
  EXPECT_EQ(presets[2].key, "batch");
  EXPECT_EQ(presets[2].slo, "interactivity>=10");
  EXPECT_EQ(service_level_preset_keys(), "chat, reasoning or batch");
}

TEST(FindServiceLevelPreset, ByKeyOnly)
{
  ASSERT_NE(find_service_level_preset("reasoning"), nullptr);
  EXPECT_EQ(find_service_level_preset("reasoning")->label, "Reasoning");
  EXPECT_EQ(find_service_level_preset("Chat"), nullptr);
  EXPECT_EQ(find_service_level_preset("interactivity>=10"), nullptr);
  EXPECT_EQ(find_service_level_preset(""), nullptr);
}

}  // namespace
}  // namespace infertrack::domain
