// KeptPoints hands points on in batches and keeps only their ids: a repeat of a point handed on is told apart
// from a new one, and the ids, models and hardware of every point stay known.
#include "infertrack/formats/kept_points.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace infertrack::formats {
namespace {

// More than two batches' worth (KeptPoints hands on 2,048 points at a time).
constexpr std::size_t k_points = 5'000;

// Adds a point with the result id "p<n>" and keeps it.
PointDedup::Added
keep(KeptPoints& points, std::size_t n, const std::string& hardware = "gb200", double tput = 100)
{
  domain::BenchmarkPoint& point = points.add();
  point.result_id = "p" + std::to_string(n);
  point.model = n % 2 == 0 ? "DeepSeek-V4-Pro" : "DeepSeek-V4.1-Flash";
  point.hardware = hardware;
  point.concurrency = 8;
  point.total_allocated_gpus = 8;
  point.per_gpu_tps.total = tput;
  return points.keep_last(n);
}

struct Batches
{
  std::vector<std::vector<domain::BenchmarkPoint>> delivered;
  std::vector<std::vector<domain::BenchmarkPoint>> spare;  // handed back for reuse
  PointBatchSink sink{[this](std::vector<domain::BenchmarkPoint>&& batch) { delivered.push_back(std::move(batch)); },
                      [this] {
                        std::vector<domain::BenchmarkPoint> back;
                        if (!spare.empty()) {
                          back = std::move(spare.back());
                          spare.pop_back();
                        }
                        return back;
                      }};
};

TEST(KeptPoints, hands_points_on_in_batches_and_keeps_their_ids)
{
  Batches batches;
  KeptPoints points(&batches.sink);
  for (std::size_t n = 0; n < k_points; ++n) {
    ASSERT_EQ(keep(points, n).outcome, PointDedup::Outcome::added);
  }
  ASSERT_EQ(batches.delivered.size(), 2u);
  EXPECT_EQ(batches.delivered[0].size(), 2048u);
  EXPECT_EQ(batches.delivered[1].front().result_id, "p2048");
  // The receiver may let the points go: only their ids are read from here on.
  batches.delivered[0].clear();
  EXPECT_EQ(points.size(), k_points);
  EXPECT_EQ(points.result_id(0), "p0");
  EXPECT_EQ(points.result_id(2047), "p2047");
  EXPECT_EQ(points.result_id(k_points - 1), "p" + std::to_string(k_points - 1));
  EXPECT_TRUE(points.contains("p17"));
  EXPECT_TRUE(points.contains("p4999"));
  EXPECT_FALSE(points.contains("p5000"));
  EXPECT_FALSE(points.contains("p"));
  EXPECT_EQ(points.models(), (std::vector<std::string>{"DeepSeek-V4-Pro", "DeepSeek-V4.1-Flash"}));
  EXPECT_EQ(points.shared_hardware(), "gb200");
  EXPECT_EQ(points.take().size(), k_points - 2 * 2048);
}

TEST(KeptPoints, builds_the_next_batch_in_a_vector_handed_back)
{
  Batches batches;
  // Handed back with points still in it: the reader empties it.
  std::vector<domain::BenchmarkPoint> stale(2048);
  stale[0].result_id = "stale";
  const domain::BenchmarkPoint* memory = stale.data();
  batches.spare.push_back(std::move(stale));
  KeptPoints points(&batches.sink);
  for (std::size_t n = 0; n <= 2048; ++n) {
    keep(points, n);
  }
  ASSERT_EQ(batches.delivered.size(), 1u);
  EXPECT_TRUE(batches.spare.empty());
  const std::vector<domain::BenchmarkPoint> rest = points.take();
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest.data(), memory);
  EXPECT_EQ(rest[0].result_id, "p2048");
}

TEST(KeptPoints, a_repeat_of_a_point_handed_on_asks_for_a_reading_without_batches)
{
  Batches batches;
  KeptPoints points(&batches.sink);
  for (std::size_t n = 0; n < 2048; ++n) {
    keep(points, n);
  }
  EXPECT_THROW(keep(points, 5), RepeatOfHandedOnPoint);
}

TEST(KeptPoints, a_repeat_of_a_point_not_handed_on_is_judged_here)
{
  Batches batches;
  KeptPoints points(&batches.sink);
  keep(points, 1);
  keep(points, 2, "mi355x");
  EXPECT_EQ(keep(points, 1).outcome, PointDedup::Outcome::identical);
  const PointDedup::Added conflict = keep(points, 2, "mi355x", 99);
  EXPECT_EQ(conflict.outcome, PointDedup::Outcome::conflict);
  EXPECT_EQ(conflict.first_record, 2u);
  EXPECT_EQ(points.result_id(conflict.first_position), "p2");
  EXPECT_EQ(points.size(), 2u);
  EXPECT_EQ(points.shared_hardware(), std::nullopt);  // two GPUs
}

TEST(KeptPoints, without_a_sink_keeps_every_point)
{
  KeptPoints points;
  for (std::size_t n = 0; n < k_points; ++n) {
    keep(points, n);
  }
  EXPECT_EQ(keep(points, 7).outcome, PointDedup::Outcome::identical);
  EXPECT_TRUE(points.contains("p4000"));
  EXPECT_EQ(points.take().size(), k_points);
}

}  // namespace
}  // namespace infertrack::formats
