// SlotIndex finds keys kept elsewhere by hash and position, tells apart keys whose hashes collide, and keeps
// every key as it grows.
#include "infertrack/util/slot_index.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::util {
namespace {

// Keys in a vector, indexed by their position in it; `hash` may be replaced to make keys collide.
struct Keys
{
  std::vector<std::string> keys;
  std::function<std::uint64_t(std::string_view)> hash = [](std::string_view key) {
    return std::hash<std::string_view>{}(key);
  };
  SlotIndex index;

  // The position of `key`, adding it when new.
  std::size_t add(const std::string& key)
  {
    const std::uint64_t h = hash(key);
    const std::size_t slot = index.place(
      h, [&](std::size_t position) { return keys[position] == key; },
      [&](std::size_t position) { return hash(keys[position]); });
    if (index.holds(slot)) {
      return index.position(slot);
    }
    keys.push_back(key);
    index.put(slot, h, keys.size() - 1);
    return keys.size() - 1;
  }

  bool has(const std::string& key) const
  {
    return index.contains(hash(key), [&](std::size_t position) { return keys[position] == key; });
  }

  std::optional<std::size_t> position_of(const std::string& key) const
  {
    return index.position_of(hash(key), [&](std::size_t position) { return keys[position] == key; });
  }
};

TEST(SlotIndex, finds_each_key_at_its_position_as_the_index_grows)
{
  Keys keys;
  EXPECT_FALSE(keys.has("nothing yet"));
  EXPECT_EQ(keys.position_of("nothing yet"), std::nullopt);
  for (int i = 0; i < 10'000; ++i) {
    ASSERT_EQ(keys.add("key " + std::to_string(i)), static_cast<std::size_t>(i));
  }
  for (int i = 0; i < 10'000; ++i) {
    ASSERT_EQ(keys.add("key " + std::to_string(i)), static_cast<std::size_t>(i)) << "a key found again";
    ASSERT_TRUE(keys.has("key " + std::to_string(i)));
  }
  EXPECT_EQ(keys.keys.size(), 10'000u);
  EXPECT_FALSE(keys.has("key 10000"));
  EXPECT_FALSE(keys.has(""));
  EXPECT_EQ(keys.position_of("key 4321"), std::optional<std::size_t>(4321));
  EXPECT_EQ(keys.position_of("key 10000"), std::nullopt);
}

TEST(SlotIndex, tells_apart_keys_whose_hashes_are_the_same)
{
  Keys keys;
  keys.hash = [](std::string_view key) { return key.empty() ? 0 : std::uint64_t{7} << 40; };  // all alike
  for (int i = 0; i < 300; ++i) {
    ASSERT_EQ(keys.add(std::to_string(i)), static_cast<std::size_t>(i));
  }
  for (int i = 299; i >= 0; --i) {
    ASSERT_EQ(keys.add(std::to_string(i)), static_cast<std::size_t>(i));
  }
  EXPECT_TRUE(keys.has("150"));
  EXPECT_EQ(keys.position_of("150"), std::optional<std::size_t>(150));
  EXPECT_FALSE(keys.has("300"));
  EXPECT_EQ(keys.position_of("300"), std::nullopt);
  EXPECT_FALSE(keys.has(""));
}

}  // namespace
}  // namespace infertrack::util
