#include "infertrack/domain/configuration_name.hpp"

#include <gtest/gtest.h>

namespace infertrack::domain {
namespace {

const ConfigGroupKey k_group{"DeepSeek-V4-Pro", "mi355x", "sglang", "fp8", "none", false, "8192/1024", "2026-04-25"};

TEST(parse_configuration_name, reads_the_label_back_with_its_date)
{
  const auto name = parse_configuration_name(k_group.label());
  ASSERT_TRUE(name.has_value());
  EXPECT_EQ(name->model, "DeepSeek-V4-Pro");
  EXPECT_EQ(name->disaggregated, false);
  EXPECT_EQ(name->workload, "8192/1024");
  EXPECT_EQ(name->date, "2026-04-25");
  EXPECT_TRUE(matches(*name, k_group));
  EXPECT_EQ(to_string(*name), k_group.label());
  EXPECT_EQ(configuration_name(k_group, NameDate::included), k_group.label());
  EXPECT_EQ(configuration_name(k_group, NameDate::left_out), k_group.without_date().label());
}

TEST(parse_configuration_name, leaves_trailing_and_starred_fields_open)
{
  const auto name = parse_configuration_name("  DeepSeek-V4-Pro  * sglang ");
  ASSERT_TRUE(name.has_value());
  EXPECT_FALSE(name->hardware.has_value());
  EXPECT_EQ(name->framework, "sglang");
  EXPECT_FALSE(name->date.has_value());
  EXPECT_TRUE(matches(*name, k_group));
  EXPECT_EQ(to_string(*name), "DeepSeek-V4-Pro * sglang");
  const auto dated = parse_configuration_name("DeepSeek-V4-Pro mi355x 2026-05-21");
  ASSERT_TRUE(dated.has_value());
  EXPECT_EQ(dated->hardware, "mi355x");
  EXPECT_EQ(dated->date, "2026-05-21");
  EXPECT_FALSE(matches(*parse_configuration_name("DeepSeek-V4-Pro mi355x sglang fp8 none disagg"), k_group));
}

TEST(parse_configuration_name, refuses_naming_the_field)
{
  const auto check = [](const char* text, const char* field, const char* message) {
    const auto name = parse_configuration_name(text);
    ASSERT_FALSE(name.has_value()) << text;
    EXPECT_EQ(name.error().field, field) << text;
    EXPECT_EQ(name.error().message.rfind(message, 0), 0u) << name.error().message;
  };
  check("", "model", "empty");
  check("   ", "model", "empty");
  check("* mi355x", "model", "must be named");
  check("m h f p s sideways", "layout", "expected agg, disagg or * (got 'sideways')");
  check("m h f p s agg w extra", "date", "expected a run date YYYY-MM-DD after the seven fields (got 'extra')");
  check("m h f p s agg w 2026-02-30x", "date", "expected a run date");
  // Read as the framework, "2026-02-24" would be written back last ("m * 2026-02-24") and read as the run date.
  check("m * 2026-02-24 *", "framework", "a run date goes last, after the fields (got '2026-02-24')");
  check("m h 2026-02-24 2026-02-25", "framework", "a run date goes last");
}

}  // namespace
}  // namespace infertrack::domain
