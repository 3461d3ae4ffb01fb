#pragma once

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

namespace infertrack::test {

// Makes a file impossible to open for writing until it goes out of scope: its mode 0444, and, since root ignores
// modes, the immutable attribute as well where the file system has one (scripts/test clears any a killed test
// leaves).
class ReadOnlyFile
{
public:
  // The file made read-only, or nullptr when neither way works here (the caller skips its test).
  static std::unique_ptr<ReadOnlyFile> make(const std::filesystem::path& path)
  {
    auto file = std::unique_ptr<ReadOnlyFile>(new ReadOnlyFile(path));
    struct stat status{};
    if (::stat(path.c_str(), &status) == 0) {
      file->m_mode = status.st_mode & 07777;
    }
    ::chmod(path.c_str(), 0444);
    if (!file->writable()) {
      return file;
    }
    const int fd = ::open(path.c_str(), O_RDONLY);
    int flags = 0;
    if (fd >= 0 && ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) {
      flags |= FS_IMMUTABLE_FL;
      file->m_immutable = ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
    }
    if (fd >= 0) {
      ::close(fd);
    }
    return file->writable() ? nullptr : std::move(file);
  }

  ~ReadOnlyFile()
  {
    if (m_immutable) {
      const int fd = ::open(m_path.c_str(), O_RDONLY);
      int flags = 0;
      if (fd >= 0 && ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) {
        flags &= ~FS_IMMUTABLE_FL;
        ::ioctl(fd, FS_IOC_SETFLAGS, &flags);
      }
      if (fd >= 0) {
        ::close(fd);
      }
    }
    ::chmod(m_path.c_str(), m_mode);
  }

  ReadOnlyFile(const ReadOnlyFile&) = delete;
  ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;

private:
  explicit ReadOnlyFile(std::filesystem::path path) : m_path(std::move(path)) {}

  bool writable() const
  {
    const int fd = ::open(m_path.c_str(), O_RDWR);
    if (fd < 0) {
      return false;
    }
    ::close(fd);
    return true;
  }

  std::filesystem::path m_path;
  mode_t m_mode = 0644;
  bool m_immutable = false;
};

}  // namespace infertrack::test
