// ReadingPace judges from the datasets storing takes whether it waits for reading, and judges again once
// storing falls behind.
#include "infertrack/app/ingest/reading_pace.hpp"

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
  // A few batches found ready now and then do not change it.
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(pace.note(i % 4 != 0, k_batch), DatasetArrival::slower_than_stored);
  }
}

TEST(ReadingPace, storing_that_falls_behind_later_is_told_points_come_at_once_for_good)
{
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::slower_than_stored);
  std::size_t ready = 0;
  while (ready + k_batch < ReadingPace::k_points_ready_in_a_row) {
    EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::slower_than_stored);
    ready += k_batch;
  }
  EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::at_once);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::at_once);
  }
}

TEST(ReadingPace, a_run_of_batches_found_ready_at_the_start_is_not_yet_reading_ahead)
{
  // The store's first pages are fresh memory: a dozen batches come ready, then storing waits for each.
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::pace_unknown);
  }
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::slower_than_stored);
}

TEST(ReadingPace, points_read_while_the_store_opened_are_no_evidence)
{
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  pace.read_while_opening(ReadingPace::k_points_ready_in_a_row);  // a new database seeded while reading went on
  std::size_t ready = 0;
  while (ready < ReadingPace::k_points_ready_in_a_row) {
    EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::pace_unknown);
    ready += k_batch;
  }
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);  // one wait: no verdict, a new count
  ready = 0;
  while (ready + k_batch < ReadingPace::k_points_ready_in_a_row) {
    EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::pace_unknown);
    ready += k_batch;
  }
  EXPECT_EQ(pace.note(true, k_batch), DatasetArrival::at_once);
}

TEST(ReadingPace, storing_that_finds_points_ready_in_a_row_is_told_they_come_at_once)
{
  ReadingPace pace;
  EXPECT_EQ(pace.note(false, k_batch), DatasetArrival::pace_unknown);
  std::size_t ready = 0;
  while (ready + k_batch < ReadingPace::k_points_ready_in_a_row) {
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
  EXPECT_EQ(pace.note(true, ReadingPace::k_points_ready_in_a_row - 1), DatasetArrival::pace_unknown);
  EXPECT_EQ(pace.note(false, 1), DatasetArrival::pace_unknown);  // one point waited for: not yet a verdict
  EXPECT_EQ(pace.note(true, ReadingPace::k_points_ready_in_a_row - 1), DatasetArrival::pace_unknown);
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
