#pragma once

#include "infertrack/util/assertions.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::util {

// Texts appended into one block, each named by its number in order: no allocation per text. `End` holds where
// each text ends: std::uint32_t where many blocks are kept and 4 bytes a text count, std::size_t where one block
// grows with an input of any size.
template<typename End = std::size_t>
class TextBlock
{
public:
  std::size_t add(std::string_view text)
  {
    m_text += text;
    if constexpr (sizeof(End) < sizeof(std::size_t)) {
      INFERTRACK_ASSERT(m_text.size() <= std::numeric_limits<End>::max());
    }
    m_ends.push_back(static_cast<End>(m_text.size()));
    return m_ends.size() - 1;
  }

  std::string_view operator[](std::size_t id) const
  {
    const std::size_t begin = id == 0 ? 0 : m_ends[id - 1];
    return std::string_view(m_text).substr(begin, m_ends[id] - begin);
  }

  std::size_t count() const { return m_ends.size(); }
  void reserve(std::size_t texts) { m_ends.reserve(texts); }

  void shrink_to_fit()
  {
    m_text.shrink_to_fit();
    m_ends.shrink_to_fit();
  }

  // What the block holds in memory, in bytes (capacities, so it is what it costs).
  std::size_t size_bytes() const { return m_text.capacity() + m_ends.capacity() * sizeof(End); }

private:
  std::string m_text;
  std::vector<End> m_ends;  // text k is m_text[end of k - 1, end of k)
};

}  // namespace infertrack::util
