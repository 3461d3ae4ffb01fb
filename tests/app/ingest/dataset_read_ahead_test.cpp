// DatasetReadAhead hands datasets from its reader thread to the caller in order, then the reader's failure or
// exception, and stops a reader the caller no longer waits for.
#include "infertrack/app/ingest/dataset_read_ahead.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

namespace infertrack::app {
namespace {

domain::Dataset
named(const std::string& source, std::size_t points = 0)
{
  domain::Dataset dataset;
  dataset.source = source;
  dataset.points.resize(points);
  return dataset;
}

TEST(DatasetReadAhead, hands_on_every_dataset_in_order_then_says_there_are_no_more)
{
  DatasetReadAhead ahead([](const DatasetReadAhead::Deliver& deliver) -> util::Result<void> {
    for (int i = 0; i < 50; ++i) {
      deliver(named(std::to_string(i), 5'000)); // more points than the reader may hold ahead: it waits
    }
    return {};
  });
  for (int i = 0; i < 50; ++i) {
    auto next = ahead.next();
    ASSERT_TRUE(next);
    ASSERT_TRUE(next->has_value());
    EXPECT_EQ((*next)->source, std::to_string(i));
    EXPECT_EQ((*next)->points.size(), 5'000u);
  }
  auto end = ahead.next();
  ASSERT_TRUE(end);
  EXPECT_FALSE(end->has_value());
}

TEST(DatasetReadAhead, says_what_is_ready_to_be_taken_and_whether_taking_waited)
{
  std::atomic<int> delivered = 0;
  std::atomic<bool> go_on = false;
  DatasetReadAhead ahead([&](const DatasetReadAhead::Deliver& deliver) -> util::Result<void> {
    for (int i = 0; i < 3; ++i) {
      deliver(named(std::to_string(i), 10 + i));
      ++delivered;
    }
    while (!go_on) {
      std::this_thread::yield();
    }
    deliver(named("late", 5));
    return {};
  });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (delivered < 3) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the reader never delivered";
    std::this_thread::yield();
  }
  EXPECT_TRUE(ahead.has_ready());
  EXPECT_EQ(ahead.ready_points(), 33u);
  ASSERT_TRUE(ahead.next());
  EXPECT_FALSE(ahead.waited_for_last());
  EXPECT_EQ(ahead.ready_points(), 23u);
  ASSERT_TRUE(ahead.next());
  ASSERT_TRUE(ahead.next());
  EXPECT_FALSE(ahead.has_ready());
  EXPECT_EQ(ahead.ready_points(), 0u);
  std::thread release([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    go_on = true;
  });
  const auto late = ahead.next();
  release.join();
  ASSERT_TRUE(late);
  ASSERT_TRUE(late->has_value());
  EXPECT_EQ((*late)->source, "late");
  EXPECT_TRUE(ahead.waited_for_last());
}

TEST(DatasetReadAhead, gives_the_readers_failure_after_the_datasets_read_before_it)
{
  DatasetReadAhead ahead([](const DatasetReadAhead::Deliver& deliver) -> util::Result<void> {
    deliver(named("a"));
    deliver(named("b"));
    return util::fail("rows[3]", "hw", "missing");
  });
  EXPECT_EQ((*ahead.next())->source, "a");
  EXPECT_EQ((*ahead.next())->source, "b");
  const auto failed = ahead.next();
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().record, "rows[3]");
  EXPECT_EQ(failed.error().message, "missing");
}

TEST(DatasetReadAhead, throws_what_the_reader_threw)
{
  DatasetReadAhead ahead([](const DatasetReadAhead::Deliver& deliver) -> util::Result<void> {
    deliver(named("a"));
    throw std::runtime_error("disk gone");
  });
  EXPECT_EQ((*ahead.next())->source, "a");
  EXPECT_THROW(ahead.next(), std::runtime_error);
}

TEST(DatasetReadAhead, stops_an_endless_reader_when_the_caller_goes_away)
{
  std::atomic<int> delivered = 0;
  {
    DatasetReadAhead ahead([&](const DatasetReadAhead::Deliver& deliver) -> util::Result<void> {
      for (;;) {
        deliver(named("more", 1'000));
        ++delivered;
      }
    });
    EXPECT_EQ((*ahead.next())->source, "more");
  } // joins the reader: a reader that did not stop would hang the test here
  EXPECT_GE(delivered.load(), 1);
}

}  // namespace
}  // namespace infertrack::app
