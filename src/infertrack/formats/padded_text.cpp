#include "infertrack/formats/padded_text.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <new>
#include <utility>

namespace infertrack::formats {

namespace {

// The text of a PaddedText that has no buffer yet: empty, and followed by zeros all the same.
constexpr char k_no_text[k_input_padding] = {};

}  // namespace

PaddedText::PaddedText(PaddedText&& other) noexcept
  : m_bytes(std::exchange(other.m_bytes, nullptr)),
    m_size(std::exchange(other.m_size, 0)),
    m_capacity(std::exchange(other.m_capacity, 0)),
    m_mapped(std::exchange(other.m_mapped, 0))
{
}

PaddedText&
PaddedText::operator=(PaddedText&& other) noexcept
{
  if (this != &other) {
    release();
    m_bytes = std::exchange(other.m_bytes, nullptr);
    m_size = std::exchange(other.m_size, 0);
    m_capacity = std::exchange(other.m_capacity, 0);
    m_mapped = std::exchange(other.m_mapped, 0);
  }
  return *this;
}

PaddedText::~PaddedText()
{
  release();
}

void
PaddedText::release()
{
  if (m_mapped != 0) {
    ::munmap(m_bytes, m_mapped);
  } else {
    std::free(m_bytes);
  }
  m_bytes = nullptr;
  m_mapped = 0;
}

std::optional<PaddedText>
PaddedText::map_file(int fd, std::size_t size)
{
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t length = (size + k_input_padding + page - 1) / page * page;
  const std::size_t whole_pages = size / page * page;
  // Zero pages for all of it first, then the file's whole pages over its start. The bytes of its last, partial
  // page are copied in: mapped, that page would also show what a writer appends, where the zeros must be.
  void* base = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) {
    return std::nullopt;
  }
  PaddedText mapped;
  mapped.m_bytes = static_cast<char*>(base);
  mapped.m_mapped = length;
  if (whole_pages > 0 && ::mmap(base, whole_pages, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
    return std::nullopt;
  }
  std::size_t copied = 0;
  while (copied < size - whole_pages) {
    const ssize_t got = ::pread(fd, mapped.m_bytes + whole_pages + copied, size - whole_pages - copied,
                                static_cast<off_t>(whole_pages + copied));
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got <= 0) {
      return std::nullopt; // a read error, or the file shrank: the caller reads it instead
    }
    copied += static_cast<std::size_t>(got);
  }
  mapped.m_size = size;
  mapped.m_capacity = size;
  return mapped;
}

std::string_view
PaddedText::text() const
{
  return m_bytes ? std::string_view(m_bytes, m_size) : std::string_view(k_no_text, 0);
}

void
PaddedText::reserve(std::size_t size)
{
  // A size no buffer can have (a claim read from an input) must not wrap around when the padding is added.
  if (size > std::numeric_limits<std::size_t>::max() - k_input_padding) {
    throw std::bad_alloc();
  }
  if (m_bytes && size <= m_capacity && m_mapped == 0) {
    return;
  }
  if (m_mapped != 0) {
    // A mapped file that grew while it was read: its bytes move to a buffer that can take the rest.
    char* copy = static_cast<char*>(std::malloc(std::max(size, m_size) + k_input_padding));
    if (copy == nullptr) {
      throw std::bad_alloc();
    }
    std::memcpy(copy, m_bytes, m_size);
    const std::size_t kept = m_size;
    release();
    m_bytes = copy;
    m_size = kept;
    m_capacity = std::max(size, kept);
    set_size(m_size);
    return;
  }
  // realloc: a large block is remapped rather than copied when it grows.
  void* grown = std::realloc(m_bytes, size + k_input_padding);
  if (grown == nullptr) {
    throw std::bad_alloc();
  }
  m_bytes = static_cast<char*>(grown);
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
  std::memset(m_bytes + m_size, 0, k_input_padding);
}

}  // namespace infertrack::formats
