// NameTable: the readers' table of known JSON keys. Every name added is found with its value, nothing else is,
// the first of two equal names wins unless set() says otherwise, and names that hash alike are told apart.
#include "infertrack/formats/name_table.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <string>

namespace infertrack::formats {
namespace {

TEST(NameTable, finds_each_name_and_nothing_else)
{
  const NameTable<int> table = {{"model", 1}, {"hardware", 2}, {"request_metrics.throughput.per_gpu", 3}, {"", 4}};
  ASSERT_NE(table.find("model"), nullptr);
  EXPECT_EQ(*table.find("model"), 1);
  EXPECT_EQ(*table.find("hardware"), 2);
  EXPECT_EQ(*table.find("request_metrics.throughput.per_gpu"), 3);
  EXPECT_EQ(*table.find(""), 4);
  for (const std::string_view absent : {"mode", "models", "Model", "hardwarE", "request_metrics.throughput.per_gpX",
                                        "request_metrics", "x"}) {
    EXPECT_EQ(table.find(absent), nullptr) << absent;
  }
  EXPECT_EQ(NameTable<int>().find("model"), nullptr);
}

TEST(NameTable, the_first_of_two_equal_names_wins_and_set_replaces_it)
{
  NameTable<int> table;
  EXPECT_TRUE(table.add("kv_precision", 1));
  EXPECT_FALSE(table.add("kv_precision", 2));
  EXPECT_EQ(*table.find("kv_precision"), 1);
  table.set("kv_precision", 3);
  table.set("context_limit", 4);
  EXPECT_EQ(*table.find("kv_precision"), 3);
  EXPECT_EQ(*table.find("context_limit"), 4);
  ASSERT_EQ(table.entries().size(), 2u);
  EXPECT_EQ(table.entries()[0].first, "kv_precision");
  EXPECT_EQ(table.entries()[1].first, "context_limit");
}

TEST(NameTable, names_that_hash_alike_are_told_apart)
{
  // Thirty bytes that differ only at byte 9, which none of the hashed chunks (bytes 0-7, 11-18, 22-29) covers:
  // the same hash, so every name shares one probe sequence.
  std::deque<std::string> names;
  NameTable<int> table;
  for (char middle = 'a'; middle <= 'z'; ++middle) {
    std::string name = "request_metrics.latency.p90_ms";
    name[9] = middle;
    names.push_back(name);
    EXPECT_TRUE(table.add(names.back(), middle));
  }
  for (const std::string& name : names) {
    ASSERT_NE(table.find(name), nullptr) << name;
    EXPECT_EQ(*table.find(name), name[9]);
  }
  EXPECT_EQ(table.find("request_Metrics.latency.p90_ms"), nullptr);
}

TEST(NameTable, keeps_every_name_as_it_grows)
{
  std::deque<std::string> names;
  NameTable<std::size_t> table;
  for (std::size_t i = 0; i < 5000; ++i) {
    names.push_back("key_" + std::to_string(i * 7919));
    table.add(names.back(), i);
    ASSERT_EQ(*table.find(names.front()), 0u) << "lost the first name after " << i + 1;
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    ASSERT_NE(table.find(names[i]), nullptr) << names[i];
    EXPECT_EQ(*table.find(names[i]), i);
  }
  EXPECT_EQ(table.find("key_1"), nullptr);
}

}  // namespace
}  // namespace infertrack::formats
