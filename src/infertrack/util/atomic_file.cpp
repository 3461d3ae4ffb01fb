#include "infertrack/util/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>

namespace infertrack::util {
namespace {

Result<void>
refuse(const std::filesystem::path& path, const std::string& reason)
{
  return tl::unexpected(Diagnostic{path.string(), "", "", "cannot write the file: " + reason});
}

// Writes all of `content` to `fd` and flushes it to disk; false with errno set on failure.
bool
write_all(int fd, std::string_view content)
{
  while (!content.empty()) {
    const ssize_t written = ::write(fd, content.data(), content.size());
    if (written < 0) {
      if (errno == EINTR) {
        continue;
      }
      return false;
    }
    content.remove_prefix(static_cast<std::size_t>(written));
  }
  return ::fsync(fd) == 0;
}

}  // namespace

Result<void>
write_file_atomically(const std::filesystem::path& path, std::string_view content)
{
  // Beside the target, so that the rename stays on one file system and is atomic.
  std::filesystem::path temporary = path;
  temporary += ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    return refuse(path, std::strerror(errno));
  }
  const bool written = write_all(fd, content);
  const int write_error = errno;
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    return refuse(path, std::strerror(written ? errno : write_error));
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    return refuse(path, error.message());
  }
  return {};
}

}  // namespace infertrack::util
