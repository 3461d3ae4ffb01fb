// A main for the fuzz targets without libFuzzer: feeds each file named on the command line (or each file of a
// named directory) to LLVMFuzzerTestOneInput once, so that g++ builds the targets with the project and CTest runs
// their checks over the seed inputs. A `.case` file gives only its input, the text after its "----" line. Built
// without sanitizers: a broken check traps, a memory error may pass unseen (fuzz/run builds with ASan and UBSan).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// The bytes a seed file gives the target, or nullopt for a case file without its "----" line.
std::optional<std::string>
input_of(const std::filesystem::path& path)
{
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (path.extension() != ".case") {
    return text;
  }
  if (text.starts_with("----\n")) {
    return text.substr(5);
  }
  const std::size_t rule = text.find("\n----\n");
  if (rule == std::string::npos) {
    return std::nullopt;
  }
  return text.substr(rule + 6);
}

}  // namespace

int
main(int argc, char** argv)
{
  std::vector<std::filesystem::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path named(argv[i]);
    if (std::filesystem::is_directory(named)) {
      for (const auto& entry : std::filesystem::directory_iterator(named)) {
        if (entry.is_regular_file()) {
          inputs.push_back(entry.path());
        }
      }
    } else if (std::filesystem::is_regular_file(named)) {
      inputs.push_back(named);
    } else {
      std::fprintf(stderr, "no such file or directory: %s\n", argv[i]);
      return 2;
    }
  }
  std::sort(inputs.begin(), inputs.end());
  if (inputs.empty()) {
    std::fprintf(stderr, "no inputs given: name seed files or directories\n");
    return 2;
  }
  for (const auto& path : inputs) {
    const std::optional<std::string> text = input_of(path);
    if (!text) {
      std::fprintf(stderr, "%s: a case file without a \"----\" line before its input\n", path.c_str());
      return 2;
    }
    std::fprintf(stderr, "%s\n", path.c_str());  // the input a trap stopped at is the last one named
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(text->data()), text->size());
  }
  std::printf("%zu input(s) read\n", inputs.size());
  return 0;
}
