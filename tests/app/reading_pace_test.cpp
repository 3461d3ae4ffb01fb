// ReadingPace judges once, from the datasets storing takes, whether it waits for reading.
#include "infertrack/app/reading_pace.hpp"

#include <gtest/gtest.h>

namespace infertrack::app {
namespace {

using store::DatasetArrival;

constexpr std::size_t k_batch = 2'048;

TEST(ReadingPace, storing_that_waits_for_batches_is_told_they_come_slower)
{
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);  // the first: always waited for
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::slower_than_stored);
  // Judged for good: storing that later finds every batch ready changes nothing.
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::slower_than_stored);
  }
}

TEST(ReadingPace, batches_read_while_the_store_opened_are_not_reading_ahead)
{
  // A new database seeded with the bundled data: a few batches wait for the store, then it waits for each.
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::pace_unknown);
  }
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::slower_than_stored);
}

TEST(ReadingPace, storing_that_finds_points_ready_in_a_row_is_told_they_come_at_once)
{
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  std::size_t ready = 0;
  while (ready + k_batch < ReadingPace::k_points_ahead) {
    EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::pace_unknown);
    ready += k_batch;
  }
  EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::at_once);
  EXPECT_EQ(pace.note(false, k_batch * 4), DatasetArrival::at_once);
}

TEST(ReadingPace, a_wait_starts_the_count_of_points_ready_in_a_row_again)
{
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, 1), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(true, ReadingPace::k_points_ahead - 1), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(false, 1), DatasetArrival::pace_unknown);  // one point waited for: not yet a verdict
  EXPECT_EQ(pace.note(true, ReadingPace::k_points_ahead - 1), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(true, 1), DatasetArrival::at_once);
}

TEST(ReadingPace, small_datasets_waited_for_add_up)
{
  // A directory of one-row files: storing waits for a dataset now and then, a point at a time.
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, 1), DatasetArrival::pace_unknown);
  for (std::size_t waited = 1; waited < ReadingPace::k_points_waited_for; ++waited) {
    EXPECT_EQ(pace.note(false, 1), DatasetArrival::pace_unknown);
    EXPECT_EQ(pace.note(true, 1), DatasetArrival::pace_unknown);
  }
  EXPECT_EQ(pace.note(false, 1), DatasetArrival::slower_than_stored);
}

TEST(ReadingPace, a_first_dataset_of_any_size_is_no_evidence)
{
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, 1'000'000), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(true, 1'000'000), DatasetArrival::at_once);
}

}  // namespace
}  // namespace infertrack::app
