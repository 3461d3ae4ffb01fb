#pragma once

#include <span>
#include <string_view>

namespace infertrack {

// A data file shipped inside the binary, so that a fresh database has real numbers with no set-up.
struct BundledFile
{
  std::string_view name;  // file name under data/, which also tells its format
  std::string_view content;
};

// The bundled default dataset in load order: the seed snapshot first, then the published CSV points.
std::span<const BundledFile> bundled_files();

}  // namespace infertrack
