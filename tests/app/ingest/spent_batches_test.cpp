// SpentBatches hands the vectors of stored points back to the reader emptied, whichever side empties them, and
// keeps only a few of them.
#include "infertrack/app/ingest/spent_batches.hpp"

#include "infertrack/formats/kept_points.hpp"

#include <gtest/gtest.h>

#include <string>

namespace infertrack::app {
namespace {

// `points` points in a vector with room for a batch of the reader's.
std::vector<domain::BenchmarkPoint>
batch(std::size_t points)
{
  std::vector<domain::BenchmarkPoint> batch;
  batch.reserve(formats::KeptPoints::k_batch_points);
  batch.resize(points);
  for (std::size_t i = 0; i < points; ++i) {
    batch[i].result_id = "a result id too long for the string's own buffer " + std::to_string(i);
  }
  return batch;
}

TEST(SpentBatches, gives_back_each_vector_emptied_with_its_capacity)
{
  SpentBatches spent(true);
  EXPECT_EQ(spent.take().capacity(), 0u);  // none yet
  std::vector<domain::BenchmarkPoint> now = batch(100);
  std::vector<domain::BenchmarkPoint> later = batch(200);
  const domain::BenchmarkPoint* now_memory = now.data();
  const domain::BenchmarkPoint* later_memory = later.data();
  spent.give(std::move(now), true);
  spent.give(std::move(later), false);
  for (const domain::BenchmarkPoint* memory : {later_memory, now_memory}) {
    const std::vector<domain::BenchmarkPoint> back = spent.take();
    EXPECT_TRUE(back.empty());
    EXPECT_EQ(back.data(), memory);
  }
  EXPECT_EQ(spent.take().capacity(), 0u);
}

TEST(SpentBatches, leaves_what_was_not_taken_back_to_the_caller)
{
  SpentBatches spent(true);
  spent.give(batch(10), false);
  spent.give(batch(20), true);
  const auto leftovers = spent.leftovers();
  ASSERT_EQ(leftovers.size(), 2u);
  EXPECT_EQ(leftovers[0].size(), 10u);  // the reader was to empty it
  EXPECT_EQ(leftovers[1].size(), 0u);
  EXPECT_EQ(spent.take().capacity(), 0u);
}

TEST(SpentBatches, keeps_a_few_vectors_large_enough_for_a_batch)
{
  SpentBatches spent(true);
  spent.give(std::vector<domain::BenchmarkPoint>(10), false);  // the rest of a small file: too small to reuse
  EXPECT_TRUE(spent.leftovers().empty());
  for (std::size_t i = 0; i < SpentBatches::k_kept_vectors + 3; ++i) {
    spent.give(batch(1), false);
  }
  EXPECT_EQ(spent.leftovers().size(), SpentBatches::k_kept_vectors);
}

TEST(SpentBatches, keeps_nothing_when_the_reader_takes_nothing_back)
{
  SpentBatches spent(false);
  spent.give(batch(10), false);
  EXPECT_EQ(spent.take().capacity(), 0u);
  EXPECT_TRUE(spent.leftovers().empty());
}

}  // namespace
}  // namespace infertrack::app
