#pragma once

#include "infertrack/util/result.hpp"

#include <filesystem>
#include <string_view>

namespace infertrack::util {

// Writes `content` to `path` whole or not at all: into a temporary file beside it, flushed to disk, then
// renamed over `path`, so that a reader never sees half a file and a failure leaves `path` as it was.
// Fails with a diagnostic naming `path` and the system's reason.
Result<void> write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace infertrack::util
