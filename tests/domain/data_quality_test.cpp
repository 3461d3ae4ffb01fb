#include "infertrack/domain/data_quality.hpp"

#include "domain/seed_points.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace infertrack::domain {
namespace {

std::vector<DataFinding>
findings_of_kind(const BenchmarkPoint& point, FindingKind kind)
{
  std::vector<DataFinding> found;
  for (const DataFinding& finding : check_point(point)) {
    if (finding.kind == kind) {
      found.push_back(finding);
    }
  }
  return found;
}

// An aggregated Flash row whose source mirrored the engine's 4 GPUs into both P and D columns.
BenchmarkPoint
mirrored_flash_point()
{
  BenchmarkPoint point = test::seed_points()[2];
  point.prefill_gpus = 4;
  point.decode_gpus = 4;
  return point;
}

TEST(PhysicalGpuCount, SeedPoints)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  EXPECT_EQ(physical_gpu_count(points[0]), 16); // 8 P + 8 D
  EXPECT_EQ(physical_gpu_count(points[1]), 20); // 8 P + 12 D
  EXPECT_EQ(physical_gpu_count(points[2]), 4);
  EXPECT_EQ(physical_gpu_count(points[4]), 4);
}

TEST(PhysicalGpuCount, MirroredAggregatedColumnsCountOnce)
{
  BenchmarkPoint point = mirrored_flash_point();
  point.total_allocated_gpus = 0;
  EXPECT_EQ(physical_gpu_count(point), 4);
  complete_point(point);
  EXPECT_EQ(point.total_allocated_gpus, 4);
}

TEST(PhysicalGpuCount, FallsBackToTotalAllocated)
{
  BenchmarkPoint point = test::seed_points()[0];
  point.decode_gpus.reset();
  EXPECT_EQ(physical_gpu_count(point), 16);
  BenchmarkPoint aggregated = test::seed_points()[2];
  aggregated.aggregate_engine_gpus.reset();
  aggregated.total_allocated_gpus = 8;
  EXPECT_EQ(physical_gpu_count(aggregated), 8);
}

TEST(CheckPoint, SeedPerGpuValuesMatchAbsoluteOverAllocatedGpus)
{
  // The seed's own validation statement: per-GPU = absolute / allocated GPUs within 6e-6 tok/s/GPU.
  for (const BenchmarkPoint& point : test::seed_points()) {
    EXPECT_TRUE(findings_of_kind(point, FindingKind::per_gpu_mismatch).empty()) << point.result_id;
    EXPECT_TRUE(findings_of_kind(point, FindingKind::gpu_count_mismatch).empty()) << point.result_id;
    EXPECT_TRUE(findings_of_kind(point, FindingKind::mirrored_gpu_columns).empty()) << point.result_id;
    EXPECT_TRUE(findings_of_kind(point, FindingKind::date_disagreement).empty()) << point.result_id;
  }
}

TEST(CheckPoint, CraftedPerGpuMismatchIsReportedWithItsNumbers)
{
  BenchmarkPoint point = test::seed_points()[0]; // 444914: 4950.88918 output over 16 GPUs
  point.per_gpu_tps.output = 309.4306;            // 2.6e-5 above 309.43057375
  const std::vector<DataFinding> found = findings_of_kind(point, FindingKind::per_gpu_mismatch);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].result_id, "444914");
  EXPECT_NE(found[0].detail.find("output"), std::string::npos) << found[0].detail;
  EXPECT_NE(found[0].detail.find("309.4306"), std::string::npos) << found[0].detail;
  EXPECT_NE(found[0].detail.find("4950.88918"), std::string::npos) << found[0].detail;
  EXPECT_NE(found[0].detail.find("16"), std::string::npos) << found[0].detail;

  // Per-GPU values divided twice by P+D (the source overview's mistake) are far off on every metric.
  BenchmarkPoint twice = test::seed_points()[0];
  twice.per_gpu_tps = {
    *twice.per_gpu_tps.input / 16, *twice.per_gpu_tps.output / 16, *twice.per_gpu_tps.total / 16};
  EXPECT_EQ(findings_of_kind(twice, FindingKind::per_gpu_mismatch).size(), 3u);
}

// A source that gives only per-GPU values, each rounded to five decimals (an export of the seed read back), adds
// up within the rounding of three values; a larger gap still shows.
TEST(CheckPoint, PerGpuOnlyValuesAddUpWithinTheirRounding)
{
  BenchmarkPoint point = test::seed_points()[0];  // 444914, 16 GPUs
  point.absolute_tps = {};
  point.per_gpu_tps = {38345.82943, 309.43057, 38655.26001};  // input + output is 1e-5 below the total
  EXPECT_TRUE(findings_of_kind(point, FindingKind::per_gpu_mismatch).empty());
  point.per_gpu_tps.total = 38655.26002;  // 2e-5 above
  const std::vector<DataFinding> found = findings_of_kind(point, FindingKind::per_gpu_mismatch);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].detail.find("tolerance 1.8e-05"), std::string::npos) << found[0].detail;
}

TEST(CheckPoint, MirroredColumnsAreReportedAndCountedOnce)
{
  const BenchmarkPoint point = mirrored_flash_point();
  const std::vector<DataFinding> found = findings_of_kind(point, FindingKind::mirrored_gpu_columns);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].detail.find("4 GPUs, not 8"), std::string::npos) << found[0].detail;
  // Divided by 4, not 8: no mismatch and no GPU-count disagreement.
  EXPECT_TRUE(findings_of_kind(point, FindingKind::per_gpu_mismatch).empty());
  EXPECT_TRUE(findings_of_kind(point, FindingKind::gpu_count_mismatch).empty());
}

TEST(CheckPoint, MirroredColumnsWithoutTheEngineCountShowAsATotalThatIsTheirSum)
{
  BenchmarkPoint point = test::seed_points()[2];
  point.aggregate_engine_gpus.reset();
  point.prefill_gpus = 8;
  point.decode_gpus = 8;
  point.total_allocated_gpus = 16;
  const std::vector<DataFinding> found = findings_of_kind(point, FindingKind::mirrored_gpu_columns);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].detail, "Aggregated row lists 8 GPUs in both prefill and decode columns and 16 allocated GPUs "
                             "in all: one engine of 8 GPUs listed twice would be counted as 16.");
  point.total_allocated_gpus = 8; // the engine's count: the columns are mirrored, the total is right
  EXPECT_TRUE(findings_of_kind(point, FindingKind::mirrored_gpu_columns).empty());
}

TEST(CheckPoint, P90InteractivityAboveTheMedianIsReported)
{
  BenchmarkPoint point = test::seed_points()[0];
  ASSERT_TRUE(point.interactivity_p90 && point.interactivity_median);
  EXPECT_TRUE(findings_of_kind(point, FindingKind::p90_above_median).empty());
  point.interactivity_p90 = 90;
  point.interactivity_median = 55;
  const std::vector<DataFinding> found = findings_of_kind(point, FindingKind::p90_above_median);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].detail.find("P90 interactivity 90 tok/s/user is above the median 55"), std::string::npos)
    << found[0].detail;
  EXPECT_EQ(parse_finding_kind("p90_above_median"), FindingKind::p90_above_median);
}

TEST(CheckPoint, GpuCountMismatch)
{
  BenchmarkPoint disaggregated = test::seed_points()[0];
  disaggregated.total_allocated_gpus = 18;
  const std::vector<DataFinding> found = findings_of_kind(disaggregated, FindingKind::gpu_count_mismatch);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].detail, "Total allocated GPUs 18 differ from 8 prefill + 8 decode = 16.");

  BenchmarkPoint aggregated = test::seed_points()[2];
  aggregated.total_allocated_gpus = 8;
  const std::vector<DataFinding> engine = findings_of_kind(aggregated, FindingKind::gpu_count_mismatch);
  ASSERT_EQ(engine.size(), 1u);
  EXPECT_EQ(engine[0].detail, "Total allocated GPUs 8 differ from the aggregated engine's 4 GPUs.");
}

TEST(CheckPoint, PrecisionLabelConflictOnlyWithAPrecisionNote)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  for (const BenchmarkPoint& pro : {points[0], points[1]}) {
    const std::vector<DataFinding> found = findings_of_kind(pro, FindingKind::precision_label_conflict);
    ASSERT_EQ(found.size(), 1u) << pro.result_id;
    EXPECT_NE(found[0].detail.find(test::k_seed_precision_note), std::string::npos);
  }
  // The Flash vLLM rows log fp8 KV too, but carry no precision note: nothing to report.
  for (const BenchmarkPoint& flash : {points[2], points[3], points[4]}) {
    EXPECT_TRUE(findings_of_kind(flash, FindingKind::precision_label_conflict).empty()) << flash.result_id;
  }
}

TEST(CheckPoint, DateDisagreement)
{
  BenchmarkPoint point = test::seed_points()[0];
  point.run_date = "2026-10-12";
  const std::vector<DataFinding> found = findings_of_kind(point, FindingKind::date_disagreement);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].detail, "API date 2026-10-14 differs from the run's own date 2026-10-12.");
  point.run_date = "2026-10-14";
  EXPECT_TRUE(findings_of_kind(point, FindingKind::date_disagreement).empty());
}

TEST(CheckPoint, RoleLocalBasisDividesByTheRolesGpus)
{
  // A fixed-length disaggregated row on the InferenceX runner's basis: output by decode, input by prefill.
  BenchmarkPoint point = test::seed_points()[1]; // 8 P + 12 D
  point.per_gpu_basis = PerGpuBasis::role_local;
  point.per_gpu_tps = {1688667.64671 / 8, 12650.99349 / 12, 1701318.64019 / 20};
  EXPECT_TRUE(findings_of_kind(point, FindingKind::per_gpu_mismatch).empty());

  // The same numbers read as all-allocated are wrong for input and output, right for total.
  point.per_gpu_basis = PerGpuBasis::all_allocated;
  const std::vector<DataFinding> found = findings_of_kind(point, FindingKind::per_gpu_mismatch);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_NE(found[0].detail.find("input"), std::string::npos);
  EXPECT_NE(found[1].detail.find("output"), std::string::npos);

  // And the seed's all-allocated values read as role-local are wrong for input and output.
  BenchmarkPoint seed = test::seed_points()[1];
  seed.per_gpu_basis = PerGpuBasis::role_local;
  const std::vector<DataFinding> role = findings_of_kind(seed, FindingKind::per_gpu_mismatch);
  ASSERT_EQ(role.size(), 2u);
  EXPECT_NE(role[1].detail.find("decode GPUs"), std::string::npos) << role[1].detail;
}

TEST(CompletePoint, NeverDividesGivenPerGpuValuesAgain)
{
  const BenchmarkPoint seed = test::seed_points()[0];
  BenchmarkPoint point = seed;
  complete_point(point);
  EXPECT_EQ(point, seed);
}

TEST(CompletePoint, FillsMissingValuesFromTheirCounterparts)
{
  BenchmarkPoint point = test::seed_points()[0]; // 16 GPUs
  point.total_allocated_gpus = 0;
  point.per_gpu_tps.output.reset();
  point.absolute_tps.input.reset();
  complete_point(point);
  EXPECT_EQ(point.total_allocated_gpus, 16);
  EXPECT_DOUBLE_EQ(*point.per_gpu_tps.output, 4950.88918 / 16);
  EXPECT_DOUBLE_EQ(*point.absolute_tps.input, 38345.82943 * 16);
  EXPECT_EQ(point.per_gpu_tps.total, 38655.26001);
  EXPECT_EQ(point.absolute_tps.total, 618484.1601);

  BenchmarkPoint aggregated = mirrored_flash_point();
  aggregated.per_gpu_tps = {};
  complete_point(aggregated);
  EXPECT_DOUBLE_EQ(*aggregated.per_gpu_tps.total, 466209.0557 / 4);
}

TEST(CompletePoint, CompletedValuesPassTheCheck)
{
  for (BenchmarkPoint point : test::seed_points()) {
    point.per_gpu_tps = {};
    point.total_allocated_gpus = 0;
    complete_point(point);
    EXPECT_TRUE(findings_of_kind(point, FindingKind::per_gpu_mismatch).empty()) << point.result_id;
    EXPECT_TRUE(findings_of_kind(point, FindingKind::gpu_count_mismatch).empty()) << point.result_id;
  }
}

TEST(CompletePoint, RoleLocalFillsByTheRolesGpus)
{
  BenchmarkPoint point = test::seed_points()[1]; // 8 P + 12 D
  point.per_gpu_basis = PerGpuBasis::role_local;
  point.per_gpu_tps = {};
  complete_point(point);
  EXPECT_DOUBLE_EQ(*point.per_gpu_tps.input, 1688667.64671 / 8);
  EXPECT_DOUBLE_EQ(*point.per_gpu_tps.output, 12650.99349 / 12);
  EXPECT_DOUBLE_EQ(*point.per_gpu_tps.total, 1701318.64019 / 20);
}

TEST(DerivedOutputTpsPerDecodeGpu, DisaggregatedOnly)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  // The snapshot's derived_output_tps_per_decode_gpu values.
  EXPECT_NEAR(*derived_output_tps_per_decode_gpu(points[0]), 618.8611475, 1e-9);
  EXPECT_NEAR(*derived_output_tps_per_decode_gpu(points[1]), 1054.2494575, 1e-9);
  EXPECT_EQ(derived_output_tps_per_decode_gpu(points[2]), std::nullopt);
  BenchmarkPoint unknown = points[0];
  unknown.absolute_tps.output.reset();
  EXPECT_EQ(derived_output_tps_per_decode_gpu(unknown), std::nullopt);
}

// The seed's two Pro points (444914, 444911) are one disaggregated agentic run.
std::vector<BenchmarkPoint>
seed_pro_run()
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  return {points[0], points[1]};
}

TEST(CheckRuns, SeedPointsHaveNoRunFindings)
{
  EXPECT_TRUE(check_runs(test::seed_points()).empty());
}

TEST(CheckRuns, PointsOnlyOnDifferentInteractivityBasesMixTheRun)
{
  std::vector<BenchmarkPoint> run = seed_pro_run();
  run[0].interactivity_median.reset(); // P90 ITL only, as an agentic row
  run[1].interactivity_p90.reset();    // median TPOT only, as a fixed-length row
  const std::vector<DataFinding> findings = check_runs(run);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].result_id, "444914");
  EXPECT_EQ(findings[0].kind, FindingKind::mixed_interactivity_basis);
  EXPECT_EQ(findings[0].detail,
            "Interactivity is given only at p90_itl while 1 other point(s) of the same run (2 points) give only "
            "median_tpot; one curve cannot hold both.");
  EXPECT_EQ(findings[1].result_id, "444911");
  EXPECT_EQ(findings[1].kind, FindingKind::mixed_interactivity_basis);
}

TEST(CheckRuns, APointWithBothBasesMixesNothing)
{
  std::vector<BenchmarkPoint> run = seed_pro_run();
  run[1].interactivity_p90.reset(); // 444914 still has both
  EXPECT_TRUE(check_runs(run).empty());
}

TEST(CheckRuns, DifferentRunsDoNotMix)
{
  std::vector<BenchmarkPoint> run = seed_pro_run();
  run[0].interactivity_median.reset();
  run[1].interactivity_p90.reset();
  run[1].date = "2026-10-15";
  run[1].per_gpu_basis = PerGpuBasis::role_local;
  EXPECT_TRUE(check_runs(run).empty());
}

TEST(CheckRuns, PerGpuBasisDifferingWithinARunIsFlaggedOnTheMinority)
{
  std::vector<BenchmarkPoint> run = seed_pro_run();
  run.push_back(run[1]);
  run[2].result_id = "444912";
  run[2].per_gpu_basis = PerGpuBasis::role_local;
  run[0].per_gpu_basis = PerGpuBasis::role_local;
  // Two role-local, one on all GPUs: the all-GPU point is the odd one.
  const std::vector<DataFinding> findings = check_runs(run);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].result_id, "444911");
  EXPECT_EQ(findings[0].kind, FindingKind::mixed_per_gpu_basis);
  EXPECT_EQ(findings[0].detail,
            "Per-GPU values are on the all_allocated basis while 2 other point(s) of the same run are on the "
            "role_local basis: the source divided them differently; curves compare "
            "input and output per allocated GPU after scaling the role-local ones.");
}

TEST(CheckRuns, PerGpuBasisTieFlagsTheRoleLocalPoints)
{
  std::vector<BenchmarkPoint> run = seed_pro_run();
  run[1].per_gpu_basis = PerGpuBasis::role_local;
  const std::vector<DataFinding> findings = check_runs(run);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].result_id, "444911");
  EXPECT_EQ(findings[0].kind, FindingKind::mixed_per_gpu_basis);
}

TEST(CheckRuns, FindingsComeInPointOrderEachPointsInteractivityFindingFirst)
{
  // Two runs, interleaved: the seed's Pro run, and the same points on another date.
  std::vector<BenchmarkPoint> first = seed_pro_run();
  std::vector<BenchmarkPoint> second = seed_pro_run();
  for (BenchmarkPoint& point : second) {
    point.date = "2026-10-15";
    point.result_id += "-later";
  }
  first[0].interactivity_median.reset(); // P90 only, and the role-local one of a tie
  first[0].per_gpu_basis = PerGpuBasis::role_local;
  first[1].interactivity_p90.reset(); // median only
  second[0].interactivity_median.reset(); // the later run mixes its statistics too
  second[1].interactivity_p90.reset();
  const std::vector<BenchmarkPoint> points{second[0], first[0], second[1], first[1]};

  const std::vector<DataFinding> findings = check_runs(points);
  ASSERT_EQ(findings.size(), 5u);
  EXPECT_EQ(findings[0].result_id, "444914-later");
  EXPECT_EQ(findings[0].kind, FindingKind::mixed_interactivity_basis);
  EXPECT_EQ(findings[1].result_id, "444914");
  EXPECT_EQ(findings[1].kind, FindingKind::mixed_interactivity_basis);
  EXPECT_EQ(findings[2].result_id, "444914");
  EXPECT_EQ(findings[2].kind, FindingKind::mixed_per_gpu_basis);
  EXPECT_EQ(findings[2].detail,
            "Per-GPU values are on the role_local basis while 1 other point(s) of the same run are on the "
            "all_allocated basis: the source divided them differently; curves compare "
            "input and output per allocated GPU after scaling the role-local ones.");
  EXPECT_EQ(findings[3].result_id, "444911-later");
  EXPECT_EQ(findings[3].kind, FindingKind::mixed_interactivity_basis);
  EXPECT_EQ(findings[4].result_id, "444911");
  EXPECT_EQ(findings[4].kind, FindingKind::mixed_interactivity_basis);
  EXPECT_EQ(findings[4].detail,
            "Interactivity is given only at median_tpot while 1 other point(s) of the same run (2 points) give "
            "only p90_itl; one curve cannot hold both.");
}

TEST(CheckRuns, AggregatedRunsIgnoreThePerGpuBasis)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  std::vector<BenchmarkPoint> run{points[2], points[3]};
  ASSERT_FALSE(run[0].disaggregated);
  run[1].per_gpu_basis = PerGpuBasis::role_local;
  EXPECT_TRUE(check_runs(run).empty());
}

// check_runs(fresh, stored): the points of an ingest checked with the stored points of the runs they join.
std::vector<const BenchmarkPoint*>
pointers_to(const std::vector<BenchmarkPoint>& points)
{
  std::vector<const BenchmarkPoint*> pointers;
  for (const BenchmarkPoint& point : points) {
    pointers.push_back(&point);
  }
  return pointers;
}

TEST(CheckRunsWithStored, AFreshPointOnAnotherInteractivityBasisMixesTheStoredRun)
{
  std::vector<BenchmarkPoint> stored = seed_pro_run();
  stored[0].interactivity_p90.reset();
  stored[1].interactivity_p90.reset();  // the stored run: median TPOT only
  std::vector<BenchmarkPoint> fresh{stored[1]};
  fresh[0].result_id = "fresh-1";
  fresh[0].concurrency *= 2;
  fresh[0].interactivity_p90 = fresh[0].interactivity_median;
  fresh[0].interactivity_median.reset();  // P90 ITL only
  const std::vector<DataFinding> findings = check_runs(pointers_to(fresh), pointers_to(stored));
  ASSERT_EQ(findings.size(), 3u);
  EXPECT_EQ(findings[0].result_id, "fresh-1");  // the fresh point's first
  EXPECT_EQ(findings[0].kind, FindingKind::mixed_interactivity_basis);
  EXPECT_EQ(findings[0].detail,
            "Interactivity is given only at p90_itl while 2 other point(s) of the same run (3 points) give only "
            "median_tpot; one curve cannot hold both.");
  EXPECT_EQ(findings[1].result_id, "444914");
  EXPECT_EQ(findings[2].result_id, "444911");
  // Alone, the fresh point mixes nothing: the stored run is what it differs from.
  EXPECT_TRUE(check_runs(pointers_to(fresh), {}).empty());
}

TEST(CheckRunsWithStored, AStoredPointCanBeTheOddPerGpuBasis)
{
  std::vector<BenchmarkPoint> stored = seed_pro_run();
  stored.resize(1);
  stored[0].per_gpu_basis = PerGpuBasis::role_local;
  std::vector<BenchmarkPoint> fresh = seed_pro_run();
  fresh[0].result_id = "fresh-1";
  fresh[1].result_id = "fresh-2";
  const std::vector<DataFinding> findings = check_runs(pointers_to(fresh), pointers_to(stored));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].result_id, "444914");  // one role-local stored point against two fresh all-GPU ones
  EXPECT_EQ(findings[0].kind, FindingKind::mixed_per_gpu_basis);
}

TEST(CheckRunsWithStored, AStoredPointWithAFreshPointsIdIsThatPoint)
{
  // Ingesting a point again that now says another basis: the stored copy is replaced, not compared.
  std::vector<BenchmarkPoint> stored = seed_pro_run();
  stored[1].per_gpu_basis = PerGpuBasis::role_local;
  const std::vector<BenchmarkPoint> fresh = seed_pro_run();
  EXPECT_TRUE(check_runs(pointers_to(fresh), pointers_to(stored)).empty());
}

TEST(CheckRunsWithStored, StoredPointsOfOtherRunsAreNotChecked)
{
  std::vector<BenchmarkPoint> stored = seed_pro_run();
  stored[0].interactivity_median.reset();
  stored[1].interactivity_p90.reset();  // a stored run mixed already
  std::vector<BenchmarkPoint> fresh{stored[1]};
  fresh[0].result_id = "fresh-1";
  fresh[0].date = "2026-10-15";  // another run of the configuration
  EXPECT_TRUE(check_runs(pointers_to(fresh), pointers_to(stored)).empty());
  fresh[0].date = stored[1].date;
  fresh[0].workload = "1024/1024";  // another workload: another curve
  EXPECT_TRUE(check_runs(pointers_to(fresh), pointers_to(stored)).empty());
}

TEST(ParseFindingKind, NewKindsRoundTripAsText)
{
  for (const FindingKind kind : {FindingKind::thin_frontier,
                                 FindingKind::headline_outside_range,
                                 FindingKind::mixed_interactivity_basis,
                                 FindingKind::mixed_per_gpu_basis}) {
    EXPECT_EQ(parse_finding_kind(to_string(kind)), kind);
  }
}

}  // namespace
}  // namespace infertrack::domain
