#include "infertrack/app/ingest/input_files.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <set>
#include <system_error>
#include <vector>

namespace infertrack::app {
namespace {

using util::Result;

// What is read at a time from a pipe or a zip entry.
constexpr std::size_t k_chunk_bytes = 64 * 1024;
// How far a zip entry may inflate: JSON results compress 10-30 times; an entry that inflates more than this many times
// its compressed size, and past the floor, is a zip bomb (a 2 MB archive of 2 GB of blanks), refused before memory
// runs out. The floor keeps small, very repetitive entries readable.
constexpr std::uint64_t k_max_inflation_ratio = 200;
constexpr std::uint64_t k_inflation_floor_bytes = 64 * 1024 * 1024;
// A regular file at least this large is mapped rather than copied into memory: a copy of a 2 GB file costs a
// second of zeroing fresh pages and copying, while mapping a small one costs more than reading it.
constexpr std::size_t k_map_bytes = 4 * 1024 * 1024;

tl::unexpected<util::Diagnostic>
fail_file(std::string name, std::string message)
{
  return tl::unexpected(util::Diagnostic{std::move(name), "", "", std::move(message)});
}

// Closes a file descriptor at scope end.
struct FileDescriptor
{
  int fd;
  ~FileDescriptor() { ::close(fd); }
};

// Reads from `fd` into `at` until `count` bytes or the end of the file; nullopt on a read error (errno says it).
std::optional<std::size_t>
read_up_to(int fd, char* at, std::size_t count)
{
  std::size_t got = 0;
  while (got < count) {
    const ssize_t n = ::read(fd, at + got, count - got);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      return std::nullopt;
    }
    if (n == 0) {
      break;
    }
    got += static_cast<std::size_t>(n);
  }
  return got;
}

// A local file header, or the end-of-central-directory record that is all an empty archive holds.
bool
is_zip(std::string_view content)
{
  return content.starts_with(std::string_view("PK\x03\x04", 4))
         || content.starts_with(std::string_view("PK\x05\x06", 4));
}

// POSIX calls rather than an ifstream and std::filesystem::file_size: one path look-up per file and no stream
// buffer, which counts in a directory of one-row files.
Result<formats::PaddedText>
read_whole_file(const std::filesystem::path& path, const std::string& name, std::size_t most_streamed_bytes)
{
  // "-" is standard input, duplicated so that closing the file leaves it open.
  const int fd = path == k_standard_input ? ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
                                          : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return fail_file(name, fmt::format("cannot open the file ({})", std::strerror(errno)));
  }
  const FileDescriptor file{fd};
  formats::PaddedText content;
  bool failed = false;
  // A regular file is mapped, or read into a buffer of its size in one call where the kernel allows (an
  // istreambuf_iterator, byte by byte, took 0.6 s instead of 0.2 s for 244 MB). Whatever follows (all of a
  // pipe, or what a growing file gained meanwhile) is read in chunks.
  struct stat status = {};
  const bool known = ::fstat(fd, &status) == 0;
  // A device other than a terminal never ends (/dev/zero) or is not text: refused before its first byte. (A socket is
  // how some programs hand over standard input: it is read as a pipe is.)
  if (known && (S_ISBLK(status.st_mode) || (S_ISCHR(status.st_mode) && ::isatty(fd) == 0))) {
    return fail_file(name, "cannot read the file (got a device, expected a file, a directory or a pipe)");
  }
  if (known && S_ISREG(status.st_mode)) {
    const auto size = static_cast<std::size_t>(status.st_size);
    std::optional<formats::PaddedText> mapped;
    if (size >= k_map_bytes && (mapped = formats::PaddedText::map_file(fd, size))) {
      content = std::move(*mapped);
      failed = ::lseek(fd, status.st_size, SEEK_SET) < 0;
    } else {
      content.append_in_place(size, [&](char* at, std::size_t count) {
        const std::optional<std::size_t> got = read_up_to(fd, at, count);
        failed = !got;
        return got.value_or(0);
      });
    }
  }
  char chunk[k_chunk_bytes];
  std::size_t streamed = 0;
  while (!failed) {
    const std::optional<std::size_t> got = read_up_to(fd, chunk, sizeof chunk);
    failed = !got;
    if (!got || *got == 0) {
      break;
    }
    streamed += *got;
    // No text input holds a NUL byte: a stream of them (cat /dev/zero) is refused at once, not after filling memory.
    if (std::memchr(chunk, 0, *got) != nullptr && !is_zip(content.text().empty() ? std::string_view(chunk, *got)
                                                                                 : content.text())) {
      return fail_file(name, "not text (got a NUL byte, expected JSON, CSV or a zip archive)");
    }
    if (streamed > most_streamed_bytes) {
      return fail_file(name, fmt::format("more than {} bytes arrived through a pipe, the most that is held in memory: "
                                         "save the input to a file and ingest the file",
                                         most_streamed_bytes));
    }
    content.append(std::string_view(chunk, *got));
  }
  if (failed) {
    return fail_file(name, "cannot read the file");
  }
  return content;
}

struct ZipCloser
{
  void operator()(zip_t* archive) const { zip_discard(archive); }
};
struct ZipFileCloser
{
  void operator()(zip_file_t* file) const { zip_fclose(file); }
};

// libzip's reason for refusing an archive or entry, in the diagnostics' words where it has a common cause.
std::string
zip_problem(zip_error_t* error)
{
  switch (zip_error_code_zip(error)) {
    case ZIP_ER_EXISTS:
      return "got two entries with the same name, expected each name once";
    case ZIP_ER_COMPNOTSUPP:
      return "got a compression method other than stored or deflate, expected one of those two ("
             + std::string(zip_error_strerror(error)) + ")";
    case ZIP_ER_ENCRNOTSUPP:
    case ZIP_ER_NOPASSWD:
      return "got an encrypted entry, expected an unencrypted archive";
    case ZIP_ER_CRC:
      return "got data whose checksum does not match, expected the data the archive was made with";
    default:
      return zip_error_strerror(error);
  }
}

// zip_problem of an error this code owns, which is then released.
std::string
zip_error_text(zip_error_t* error)
{
  std::string text = zip_problem(error);
  zip_error_fini(error);
  return text;
}

// Expands the archive `content` (read from `name`) entry by entry, in archive order; directory entries hold
// nothing to read. Only one entry is in memory at a time besides the archive.
Result<void>
for_each_zip_entry(const std::string& name, std::string_view content, const OnInputFile& on_file)
{
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(content.data(), content.size(), 0, &error);
  if (source == nullptr) {
    return fail_file(name, "cannot read the zip archive (" + zip_error_text(&error) + ")");
  }
  std::unique_ptr<zip_t, ZipCloser> archive(zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error));
  if (!archive) {
    zip_source_free(source);
    return fail_file(name, "not a readable zip archive (" + zip_error_text(&error) + ")");
  }
  zip_error_fini(&error);
  std::size_t files = 0;
  const zip_int64_t entries = zip_get_num_entries(archive.get(), 0);
  for (zip_int64_t i = 0; i < entries; ++i) {
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(archive.get(), static_cast<zip_uint64_t>(i), 0, &stat) != 0
        || (stat.valid & ZIP_STAT_NAME) == 0) {
      return fail_file(name, "cannot read the zip archive (" + zip_problem(zip_get_error(archive.get())) + ")");
    }
    const std::string_view entry_name = stat.name;
    if (entry_name.ends_with('/')) {
      continue;
    }
    InputFile file{name + "/" + std::string(entry_name), {}};
    std::unique_ptr<zip_file_t, ZipFileCloser> entry(zip_fopen_index(archive.get(), static_cast<zip_uint64_t>(i), 0));
    if (!entry) {
      return fail_file(file.name, "cannot read the zip entry (" + zip_problem(zip_get_error(archive.get())) + ")");
    }
    // The sizes an archive claims are only claims: the inflated size is bounded and counted while reading.
    const std::uint64_t compressed = (stat.valid & ZIP_STAT_COMP_SIZE) != 0 ? stat.comp_size : 0;
    const std::uint64_t most = std::max(k_inflation_floor_bytes,
                                        std::min(compressed, UINT64_MAX / k_max_inflation_ratio) * k_max_inflation_ratio);
    if ((stat.valid & ZIP_STAT_SIZE) != 0) {
      file.content.reserve(static_cast<std::size_t>(std::min(stat.size, most)));
    }
    char chunk[k_chunk_bytes];
    zip_int64_t got = 0;
    while ((got = zip_fread(entry.get(), chunk, sizeof chunk)) > 0) {
      if (file.content.text().size() + static_cast<std::uint64_t>(got) > most) {
        return fail_file(file.name, fmt::format("inflates past {} bytes from {} compressed (more than {} times, or "
                                                "{} MiB): refused as a zip bomb",
                                                most, compressed, k_max_inflation_ratio,
                                                k_inflation_floor_bytes / (1024 * 1024)));
      }
      file.content.append(std::string_view(chunk, static_cast<std::size_t>(got)));
    }
    if (got < 0) {
      return fail_file(file.name,
                       "cannot read the zip entry (" + zip_problem(zip_file_get_error(entry.get())) + ")");
    }
    entry.reset();
    ++files;
    INFERTRACK_TRY(on_file(file));
  }
  if (files == 0) {
    return fail_file(name, "no input files (got a zip archive without files, expected at least one file)");
  }
  return {};
}

// A regular file: itself, or the entries of the zip archive it is.
Result<void>
for_each_in_file(const std::filesystem::path& path, const OnInputFile& on_file, std::size_t most_streamed_bytes)
{
  const std::string name = path == k_standard_input ? "standard input" : path.string();
  INFERTRACK_TRY_ASSIGN(content, read_whole_file(path, name, most_streamed_bytes));
  if (is_zip(content.text())) {
    return for_each_zip_entry(name, content.text(), on_file);
  }
  InputFile file{name, std::move(content)};
  return on_file(file);
}

}  // namespace

Result<void>
for_each_input_file(const std::filesystem::path& path, const OnInputFile& on_file, std::size_t most_streamed_bytes)
{
  std::error_code error;
  // "-" is standard input even where a file or directory has that name.
  if (path == k_standard_input || !std::filesystem::is_directory(path, error)) {
    return for_each_in_file(path, on_file, most_streamed_bytes);
  }
  std::vector<std::filesystem::path> files;
  // Links to directories are followed, each directory listed once (a link back up would loop); a link to nothing
  // is refused rather than passed over, as a missing file named on the command line is.
  std::set<std::pair<dev_t, ino_t>> listed;
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0) {
    listed.emplace(status.st_dev, status.st_ino);
  }
  for (auto it = std::filesystem::recursive_directory_iterator(
         path, std::filesystem::directory_options::follow_directory_symlink, error);
       !error && it != std::filesystem::recursive_directory_iterator();
       it.increment(error)) {
    if (it->is_directory(error)) {
      if (::stat(it->path().c_str(), &status) == 0 && !listed.emplace(status.st_dev, status.st_ino).second) {
        it.disable_recursion_pending();
      }
    } else if (it->is_symlink(error) && !std::filesystem::exists(it->path(), error)) {
      return fail_file(it->path().string(), "cannot open the file (a link to nothing: its target does not exist)");
    } else if (it->is_regular_file(error)) {
      files.push_back(it->path());
    }
  }
  if (error) {
    return fail_file(path.string(), "cannot list the directory (" + error.message() + ")");
  }
  if (files.empty()) {
    return fail_file(path.string(), "no input files (got an empty directory, expected at least one file)");
  }
  // Path order, so that a directory is read the same way on every system and the first bad file is the same.
  std::sort(files.begin(), files.end());
  for (const std::filesystem::path& file : files) {
    INFERTRACK_TRY(for_each_in_file(file, on_file, most_streamed_bytes));
  }
  return {};
}

}  // namespace infertrack::app
