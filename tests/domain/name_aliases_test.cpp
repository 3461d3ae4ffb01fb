#include "infertrack/domain/name_aliases.hpp"

#include <gtest/gtest.h>

namespace infertrack::domain {
namespace {

TEST(CanonicalModel, maps_deepseek_v4_pro_aliases)
{
  EXPECT_EQ(canonical_model("deepseek-ai/DeepSeek-V4-Pro"), "DeepSeek-V4-Pro");
  EXPECT_EQ(canonical_model("DeepSeek-V4-Pro"), "DeepSeek-V4-Pro");
  EXPECT_EQ(canonical_model("deepseek-v4-pro"), "DeepSeek-V4-Pro");
  EXPECT_EQ(canonical_model("DEEPSEEK-AI/DEEPSEEK-V4-PRO"), "DeepSeek-V4-Pro");
  EXPECT_EQ(canonical_model("dsv4"), "DeepSeek-V4-Pro");
  EXPECT_EQ(canonical_model("dsv4-pro"), "DeepSeek-V4-Pro");
  EXPECT_EQ(canonical_model(" DSV4 "), "DeepSeek-V4-Pro");
}

TEST(CanonicalModel, maps_deepseek_v4_1_flash_aliases)
{
  EXPECT_EQ(canonical_model("deepseek-ai/DeepSeek-V4.1-Flash"), "DeepSeek-V4.1-Flash");
  EXPECT_EQ(canonical_model("DeepSeek-V4.1-Flash"), "DeepSeek-V4.1-Flash");
  EXPECT_EQ(canonical_model("deepseek-v4.1-flash"), "DeepSeek-V4.1-Flash");
  EXPECT_EQ(canonical_model("dsv4.1-flash"), "DeepSeek-V4.1-Flash");
  EXPECT_EQ(canonical_model("dsv4.1"), "DeepSeek-V4.1-Flash");
}

TEST(CanonicalModel, maps_deepseek_r1_aliases)
{
  EXPECT_EQ(canonical_model("dsr1"), "DeepSeek-R1-0528");
  EXPECT_EQ(canonical_model("DeepSeek-R1-0528"), "DeepSeek-R1-0528");
  EXPECT_EQ(canonical_model("deepseek-ai/DeepSeek-R1-0528"), "DeepSeek-R1-0528");
}

TEST(CanonicalModel, keeps_unknown_names_trimmed)
{
  EXPECT_EQ(canonical_model("  Qwen/Qwen3.5-397B "), "Qwen/Qwen3.5-397B");
  EXPECT_EQ(canonical_model("glm5"), "glm5");
  // Another Flash must not be merged into the Pro's groups by the "dsv4" prefix.
  EXPECT_EQ(canonical_model("dsv4-flash"), "dsv4-flash");
  EXPECT_EQ(canonical_model(""), "");
}

TEST(CanonicalFramework, maps_trtllm_names_and_lowers_case)
{
  EXPECT_EQ(canonical_framework("trtllm"), "trt");
  EXPECT_EQ(canonical_framework("TRTLLM"), "trt");
  EXPECT_EQ(canonical_framework("dynamo-trtllm"), "dynamo-trt");
  EXPECT_EQ(canonical_framework("trt"), "trt");
  EXPECT_EQ(canonical_framework("Dynamo-vLLM"), "dynamo-vllm");
  EXPECT_EQ(canonical_framework(" sglang-disagg "), "sglang-disagg");
}

TEST(CanonicalPrecision, maps_fp4_variants_and_lowers_case)
{
  EXPECT_EQ(canonical_precision("nvfp4"), "fp4");
  EXPECT_EQ(canonical_precision("mxfp4"), "fp4");
  EXPECT_EQ(canonical_precision("NVFP4"), "fp4");
  EXPECT_EQ(canonical_precision("FP8"), "fp8");
  EXPECT_EQ(canonical_precision(" bf16 "), "bf16");
}

TEST(CanonicalHardware, takes_the_gpu_from_runner_labels)
{
  EXPECT_EQ(canonical_hardware("cluster:gb200-nv"), "gb200");
  EXPECT_EQ(canonical_hardware("b200-dsv4"), "b200");
  EXPECT_EQ(canonical_hardware("MI355X"), "mi355x");
  EXPECT_EQ(canonical_hardware("B200"), "b200");
  EXPECT_EQ(canonical_hardware("a:b:GB300-nvl72-x"), "gb300");
  EXPECT_EQ(canonical_hardware(" h100 "), "h100");
}

}  // namespace
}  // namespace infertrack::domain
