// BytesBudgetLru keeps values within a byte budget, making room by dropping the least recently used first.
#include "infertrack/util/bytes_budget_lru.hpp"

#include <gtest/gtest.h>

#include <string>

namespace infertrack::util {
namespace {

TEST(BytesBudgetLru, finds_what_it_keeps_and_counts_its_cost)
{
  BytesBudgetLru<std::string> kept(100);
  EXPECT_TRUE(kept.keep("a", "alpha", 30));
  EXPECT_TRUE(kept.keep("b", "beta", 40));
  ASSERT_NE(kept.find("a"), nullptr);
  EXPECT_EQ(*kept.find("a"), "alpha");
  EXPECT_EQ(kept.find("c"), nullptr);
  EXPECT_EQ(kept.size_bytes(), 70u);
  EXPECT_EQ(kept.entries(), 2u);
}

TEST(BytesBudgetLru, making_room_drops_the_least_recently_used_first)
{
  BytesBudgetLru<int> kept(100);
  kept.keep("a", 1, 40);
  kept.keep("b", 2, 40);
  ASSERT_NE(kept.find("a"), nullptr); // "b" is now the least recently used
  kept.keep("c", 3, 40);
  EXPECT_TRUE(kept.contains("a"));
  EXPECT_FALSE(kept.contains("b"));
  EXPECT_TRUE(kept.contains("c"));
  EXPECT_EQ(kept.size_bytes(), 80u);
}

TEST(BytesBudgetLru, keeping_under_a_kept_key_replaces_the_value_and_its_cost)
{
  BytesBudgetLru<int> kept(100);
  kept.keep("a", 1, 60);
  kept.keep("a", 2, 90); // would not fit beside the old value
  ASSERT_NE(kept.find("a"), nullptr);
  EXPECT_EQ(*kept.find("a"), 2);
  EXPECT_EQ(kept.size_bytes(), 90u);
  EXPECT_EQ(kept.entries(), 1u);
}

TEST(BytesBudgetLru, a_value_larger_than_the_budget_is_not_kept_and_leaves_the_others)
{
  BytesBudgetLru<int> kept(100);
  kept.keep("a", 1, 50);
  kept.keep("b", 2, 50);
  EXPECT_FALSE(kept.keep("b", 3, 101));
  EXPECT_FALSE(kept.contains("b")); // the old value is gone: it no longer answers for the key
  EXPECT_TRUE(kept.contains("a"));
  EXPECT_EQ(kept.size_bytes(), 50u);
}

TEST(BytesBudgetLru, erase_and_clear_give_back_the_bytes)
{
  BytesBudgetLru<int> kept(100);
  kept.keep("a", 1, 30);
  kept.keep("b", 2, 30);
  kept.erase("a");
  kept.erase("missing");
  EXPECT_EQ(kept.size_bytes(), 30u);
  kept.clear();
  EXPECT_EQ(kept.size_bytes(), 0u);
  EXPECT_EQ(kept.entries(), 0u);
  EXPECT_EQ(kept.find("b"), nullptr);
}

}  // namespace
}  // namespace infertrack::util
