#include "infertrack/formats/padded_text.hpp"

#include <algorithm>
#include <cstring>
#include <new>

namespace infertrack::formats {

namespace {

// The text of a PaddedText that has no buffer yet: empty, and followed by zeros all the same.
constexpr char k_no_text[k_input_padding] = {};

}  // namespace

std::string_view
PaddedText::text() const
{
  return m_bytes ? std::string_view(m_bytes.get(), m_size) : std::string_view(k_no_text, 0);
}

void
PaddedText::reserve(std::size_t size)
{
  if (m_bytes && size <= m_capacity) {
    return;
  }
  // realloc: a large block is remapped rather than copied when it grows.
  void* grown = std::realloc(m_bytes.get(), size + k_input_padding);
  if (grown == nullptr) {
    throw std::bad_alloc();
  }
  (void)m_bytes.release();  // realloc took it
  m_bytes.reset(static_cast<char*>(grown));
  m_capacity = size;
  set_size(m_size);
}

void
PaddedText::append(std::string_view bytes)
{
  if (m_size + bytes.size() > m_capacity) {
    reserve(std::max(m_size + bytes.size(), 2 * m_capacity));
  }
  append_in_place(bytes.size(), [&](char* at, std::size_t count) {
    if (count > 0) {
      std::memcpy(at, bytes.data(), count);
    }
    return count;
  });
}

void
PaddedText::set_size(std::size_t size)
{
  m_size = size;
  std::memset(m_bytes.get() + m_size, 0, k_input_padding);
}

}  // namespace infertrack::formats
