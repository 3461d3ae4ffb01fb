// Per-GPU throughput on the all-GPU denominator: role-local input and output (per prefill, per decode GPU) are
// scaled by their pool's share of the group; all-allocated values and totals are left as they are.
#include "infertrack/domain/per_gpu_throughput.hpp"

#include <gtest/gtest.h>

namespace infertrack::domain {
namespace {

// A captured InferenceX row: mi355x mori-sglang fp4 mtp, 8 prefill + 8 decode GPUs, divided role-locally.
BenchmarkPoint
role_local_point()
{
  BenchmarkPoint point;
  point.result_id = "ix-b562ab8357b2acca";
  point.disaggregated = true;
  point.prefill_gpus = 8;
  point.decode_gpus = 8;
  point.total_allocated_gpus = 16;
  point.per_gpu_basis = PerGpuBasis::role_local;
  point.per_gpu_tps = {28.988028942221792, 29.19397733890388, 29.091003140562837};
  return point;
}

TEST(PerAllocatedGpu, RoleLocalInputAndOutputAreScaledToTheWholeGroup)
{
  const BenchmarkPoint point = role_local_point();
  const auto input = per_allocated_gpu(point, ThroughputMetric::input);
  const auto output = per_allocated_gpu(point, ThroughputMetric::output);
  ASSERT_TRUE(input && output);
  EXPECT_DOUBLE_EQ(*input, 28.988028942221792 * 8 / 16);
  EXPECT_DOUBLE_EQ(*output, 29.19397733890388 * 8 / 16);
  EXPECT_EQ(per_allocated_gpu(point, ThroughputMetric::total), 29.091003140562837);
  // On one denominator the parts add up to the total again (role-locally they do not: 28.99 + 29.19 != 29.09).
  EXPECT_NEAR(*input + *output, 29.091003140562837, 1e-9);
}

TEST(PerAllocatedGpu, UnevenPoolsScaleEachSideByItsOwnPool)
{
  BenchmarkPoint point = role_local_point();
  point.prefill_gpus = 16;
  point.total_allocated_gpus = 24;
  point.per_gpu_tps = {4740.14, 1186.247, 3551.5};
  EXPECT_DOUBLE_EQ(*per_allocated_gpu(point, ThroughputMetric::input), 4740.14 * 16 / 24);
  EXPECT_DOUBLE_EQ(*per_allocated_gpu(point, ThroughputMetric::output), 1186.247 * 8 / 24);
}

TEST(PerAllocatedGpu, ScalesToThePoolsTheRunnerDividedTheTotalBy)
{
  // A group whose allocated count disagrees with its pools (a gpu_count_mismatch finding): the runner divided
  // the total by P + D, so input and output are scaled to P + D and still add up to it.
  BenchmarkPoint point = role_local_point();
  point.total_allocated_gpus = 20;
  EXPECT_DOUBLE_EQ(*per_allocated_gpu(point, ThroughputMetric::input), 28.988028942221792 * 8 / 16);
  EXPECT_DOUBLE_EQ(*per_allocated_gpu(point, ThroughputMetric::output), 29.19397733890388 * 8 / 16);
}

TEST(PerAllocatedGpu, AllAllocatedValuesAndUnknownPools)
{
  BenchmarkPoint point = role_local_point();
  point.per_gpu_basis = PerGpuBasis::all_allocated;
  EXPECT_EQ(per_allocated_gpu(point, ThroughputMetric::output), 29.19397733890388);

  point.per_gpu_basis = PerGpuBasis::role_local;
  point.decode_gpus.reset();
  EXPECT_FALSE(per_allocated_gpu(point, ThroughputMetric::output)) << "no pool to scale by";
  EXPECT_FALSE(per_allocated_gpu(point, ThroughputMetric::input)) << "no P + D to scale to";
  EXPECT_EQ(per_allocated_gpu(point, ThroughputMetric::total), 29.091003140562837);
  point.per_gpu_tps.output.reset();
  EXPECT_FALSE(on_all_allocated_gpus(std::nullopt, ThroughputMetric::output, PerGpuPools{}));
}

}  // namespace
}  // namespace infertrack::domain
