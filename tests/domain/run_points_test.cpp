// RunPoints keeps what the run-level checks read of each point, in order, and numbers the runs as they first come.
#include "infertrack/domain/run_points.hpp"

#include "domain/seed_points.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

BenchmarkPoint
point_of_run(const std::string& id, const std::string& date, const std::string& workload)
{
  BenchmarkPoint point = test::seed_points()[0];
  point.result_id = id;
  point.date = date;
  point.workload = workload;
  return point;
}

TEST(RunPoints, numbers_runs_in_order_of_first_appearance_and_keeps_each_point_in_order)
{
  RunPoints runs;
  runs.add(point_of_run("a", "2026-05-01", "8192/1024"));
  runs.add(point_of_run("b", "2026-05-02", "8192/1024"));  // another date: another run
  runs.add(point_of_run("c", "2026-05-01", "1024/1024"));  // another workload: another run
  runs.add(point_of_run("d", "2026-05-01", "8192/1024"));  // back to the first run, after others
  runs.add(point_of_run("e", "2026-05-01", "8192/1024"));  // the same run as the point before
  ASSERT_EQ(runs.size(), 5u);
  ASSERT_EQ(runs.run_count(), 3u);
  const std::vector<std::uint32_t> expected = {0, 1, 2, 0, 0};
  for (std::size_t i = 0; i < runs.size(); ++i) {
    EXPECT_EQ(runs.member(i).run, expected[i]) << i;
    EXPECT_EQ(runs.result_id(i), std::string(1, static_cast<char>('a' + i)));
  }
  EXPECT_EQ(runs.run(1).date, "2026-05-02");
  EXPECT_EQ(runs.run(2).configuration.workload, "1024/1024");
  EXPECT_TRUE(runs.contains_run(point_of_run("z", "2026-05-02", "8192/1024")));
  EXPECT_FALSE(runs.contains_run(point_of_run("z", "2026-05-03", "8192/1024")));
}

TEST(RunPoints, tells_thousands_of_interleaved_runs_apart)
{
  // 3,000 runs whose points come round-robin, as a snapshot's do: every look-up hashes, and the table grows.
  constexpr int k_runs = 3'000;
  RunPoints runs;
  for (int round = 0; round < 3; ++round) {
    for (int run = 0; run < k_runs; ++run) {
      BenchmarkPoint point = point_of_run(std::to_string(round) + "-" + std::to_string(run), "2026-05-01",
                                          std::to_string(run % 100) + "/1024");
      point.hardware = "gpu" + std::to_string(run / 100);
      runs.add(point);
    }
  }
  ASSERT_EQ(runs.run_count(), static_cast<std::size_t>(k_runs));
  for (std::size_t i = 0; i < runs.size(); ++i) {
    ASSERT_EQ(runs.member(i).run, i % k_runs) << i;
  }
  EXPECT_EQ(runs.run(2'345).configuration.hardware, "gpu23");
  EXPECT_EQ(runs.run(2'345).configuration.workload, "45/1024");
  BenchmarkPoint stranger = point_of_run("x", "2026-05-01", "45/1024");
  stranger.hardware = "gpu23";
  EXPECT_TRUE(runs.contains_run(stranger));
  stranger.hardware = "gpu30";  // no run of that hardware
  EXPECT_FALSE(runs.contains_run(stranger));
  EXPECT_FALSE(RunPoints().contains_run(stranger));
}

TEST(RunPoints, keeps_which_interactivity_and_per_gpu_basis_each_point_has)
{
  BenchmarkPoint median_only = point_of_run("m", "2026-05-01", "8192/1024");
  median_only.interactivity_p90.reset();
  median_only.interactivity_median = 50.0;
  median_only.disaggregated = true;
  median_only.per_gpu_basis = PerGpuBasis::role_local;
  RunPoints runs;
  runs.add(median_only);
  EXPECT_FALSE(runs.member(0).p90);
  EXPECT_TRUE(runs.member(0).median);
  EXPECT_TRUE(runs.member(0).disaggregated);
  EXPECT_EQ(runs.member(0).basis, PerGpuBasis::role_local);
}

TEST(RunPoints, added_to_another_keeps_its_points_after_those_there_and_still_finds_runs_once_moved)
{
  RunPoints first;
  first.add(point_of_run("a", "2026-05-01", "8192/1024"));
  RunPoints second;
  second.add(point_of_run("b", "2026-05-02", "8192/1024"));
  second.add(point_of_run("c", "2026-05-01", "8192/1024"));
  first.add(second);
  const RunPoints moved = std::move(first);
  ASSERT_EQ(moved.size(), 3u);
  EXPECT_EQ(moved.result_id(2), "c");
  EXPECT_EQ(moved.run_count(), 2u);
  EXPECT_EQ(moved.member(2).run, 0u);
  EXPECT_TRUE(moved.contains_run(point_of_run("z", "2026-05-02", "8192/1024")));
}

}  // namespace
}  // namespace infertrack::domain
