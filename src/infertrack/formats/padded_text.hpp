#pragma once

#include "infertrack/formats/json_parsing.hpp"

#include <cstddef>
#include <cstdlib>
#include <optional>
#include <string_view>

namespace infertrack::formats {

// An input's bytes followed by k_input_padding zeros that are not part of them (InputPadding::zeroed), so that
// the JSON readers parse them in place. The buffer is filled without being zero-filled first, as
// std::string::resize would do: for a 2 GB file that is a write of every page before the read writes it again.
// A large file can instead be mapped (map_file): its bytes are then the page cache's, not a copy.
class PaddedText
{
public:
  PaddedText() = default;
  PaddedText(PaddedText&& other) noexcept;
  PaddedText& operator=(PaddedText&& other) noexcept;
  ~PaddedText();

  // The first `size` bytes of the open regular file `fd`: its whole pages mapped read-only, the rest copied, and
  // zeros after them for the padding; nullopt when the system refuses the mapping or the file is shorter. The
  // mapped pages are the file's: it must not shrink or be rewritten while the text is read (a page that is gone
  // ends the process), so this is for files given to one command, not for files that something still writes.
  static std::optional<PaddedText> map_file(int fd, std::size_t size);

  std::string_view text() const;

  // Makes room for a text of `size` bytes in all, so that appending up to there does not move the buffer.
  void reserve(std::size_t size);

  // Appends up to `count` bytes that `fill(char* at, std::size_t count)` writes in place; `fill` returns how
  // many it wrote. Returns that count.
  template<typename Fill>
  std::size_t append_in_place(std::size_t count, Fill&& fill)
  {
    reserve(m_size + count);
    const std::size_t wrote = fill(m_bytes + m_size, count);
    set_size(m_size + wrote);
    return wrote;
  }

  // Appends `bytes`, growing the buffer (at least twofold) when it lacks room.
  void append(std::string_view bytes);

private:
  // Keeps the first `size` bytes and zeroes the padding after them.
  void set_size(std::size_t size);
  void release();

  char* m_bytes = nullptr;  // m_capacity + k_input_padding bytes, or none yet
  std::size_t m_size = 0;
  std::size_t m_capacity = 0;
  std::size_t m_mapped = 0;  // the length of the mapping m_bytes starts, 0 when m_bytes is malloc's
};

}  // namespace infertrack::formats
