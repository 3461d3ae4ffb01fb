#pragma once

#include "infertrack/formats/name_table.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace infertrack::formats {

// The enumerator a key names, for a reader's table of known keys (the i-th name names enumerator i), found with
// one hash look-up: a row of a million-row file has some fifty keys, and a walk through the table for each was
// a tenth of reading it. `skip` drops a prefix every name shares.
template<typename Key>
class KeyIndex
{
public:
  template<std::size_t N>
  explicit KeyIndex(const std::array<std::string_view, N>& names, std::size_t skip = 0)
  {
    for (std::size_t i = 0; i < N; ++i) {
      m_keys.add(names[i].substr(skip), static_cast<Key>(i)); // the first of two equal names wins
    }
  }

  std::optional<Key> find(std::string_view key) const
  {
    const Key* found = m_keys.find(key);
    return found == nullptr ? std::nullopt : std::optional<Key>(*found);
  }

private:
  NameTable<Key> m_keys;
};

}  // namespace infertrack::formats
