#include "infertrack/app/queries/hardware_override.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::app {
namespace {

using ::testing::HasSubstr;

TEST(HardwareOverride, a_bare_value_is_for_every_hardware)
{
  const auto racks = parse_rack_size_override(" 8 ", "gpus_per_rack");
  ASSERT_TRUE(racks.has_value()) << racks.error().message;
  EXPECT_EQ(racks->for_hardware("gb200"), 8);
  EXPECT_EQ(racks->for_hardware("mi355x"), 8);
  EXPECT_EQ(racks->values(), std::vector<std::int64_t>{8});
}

TEST(HardwareOverride, pairs_are_for_the_hardware_they_name_in_its_canonical_name)
{
  const auto cost = parse_figure_override("MI355X=1.25, gb200 = 2", "cost_per_gpu_hour");
  ASSERT_TRUE(cost.has_value()) << cost.error().message;
  EXPECT_EQ(cost->for_hardware("mi355x"), 1.25);
  EXPECT_EQ(cost->for_hardware("gb200"), 2.0);
  EXPECT_EQ(cost->for_hardware("b200"), std::nullopt);
  EXPECT_FALSE(cost->every.has_value());
  EXPECT_TRUE(cost->given());
  EXPECT_FALSE(FigureOverride{}.given());
}

TEST(HardwareOverride, malformed_text_is_refused_naming_the_field_and_the_part)
{
  const std::pair<std::string, std::string> cases[] = {
    {"", "expected a whole number, or hardware=value pairs such as mi355x=8 (got '')"},
    {"0x8", "(got '0x8')"},
    {"8,9", "(got '8,9')"},
    {"8,mi355x=4", "'8' is not hardware=value"},
    {"=8", "'=8' is not hardware=value"},
    {"mi355x=8,", "an empty entry is not hardware=value"},
    {"mi355x=", "expected a whole number (got 'mi355x=')"},
    {"mi355x=2.5", "expected a whole number (got 'mi355x=2.5')"},
    {"mi355x=8,MI355X=4", "hardware 'mi355x' is given twice"},
    {"99999999999999999999", "number out of range (got '99999999999999999999'"},
  };
  for (const auto& [text, message] : cases) {
    const auto racks = parse_rack_size_override(text, "gpus_per_rack");
    ASSERT_FALSE(racks.has_value()) << text;
    EXPECT_EQ(racks.error().field, "gpus_per_rack") << text;
    EXPECT_THAT(racks.error().message, HasSubstr(message)) << text;
  }
  const auto figure = parse_figure_override("gb200=1e400", "kw_per_gpu");
  ASSERT_FALSE(figure.has_value());
  EXPECT_THAT(figure.error().message, HasSubstr("number out of range (got 'gb200=1e400', expected a number"));
  EXPECT_THAT(parse_figure_override("gb200=abc", "kw_per_gpu").error().message,
              HasSubstr("expected a number (got 'gb200=abc')"));
}

}  // namespace
}  // namespace infertrack::app
