#pragma once

#include "infertrack/formats/padded_text.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>

namespace infertrack::app {

// One file to read: the name diagnostics give it and its bytes, followed by the zeros that let the JSON readers
// parse them in place (formats::InputPadding::zeroed). A file inside a zip archive is named
// `archive.zip/entry`, one inside a directory by its path.
struct InputFile
{
  std::string name;
  formats::PaddedText content;
};

using OnInputFile = std::function<util::Result<void>(InputFile& file)>;

// The most bytes read from a pipe (or terminal), which has no size to check first: the whole input is held in memory.
inline constexpr std::size_t k_most_streamed_bytes = std::size_t{4} << 30;

// The path that stands for standard input (named "standard input" in diagnostics).
inline const std::filesystem::path k_standard_input = "-";

// Calls `on_file` for each file `path` stands for, one at a time, stopping at the first failure: a regular file
// (or k_standard_input) is itself, or the files it holds when it is a zip archive (recognised by its content, not
// its name); a directory stands for every regular file under it, in path order, each of them expanded the same
// way. An empty directory or archive is refused: nothing to read is more likely a wrong path than an intent, and so
// is a device other than a terminal. A pipe is refused once more than `most_streamed_bytes` came through it.
util::Result<void> for_each_input_file(const std::filesystem::path& path,
                                       const OnInputFile& on_file,
                                       std::size_t most_streamed_bytes = k_most_streamed_bytes);

}  // namespace infertrack::app
