// A main for the fuzz targets without libFuzzer: feeds each file named on the command line (or each file of a
// named directory) to LLVMFuzzerTestOneInput once, so that g++ builds the targets with the project and CTest runs
// their checks over the seed inputs. A `.case` file gives only its input, the text after its "----" line.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::string
input_of(const std::filesystem::path& path)
{
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (path.extension() == ".case") {
    const std::size_t rule = text.find("\n----\n");
    text = rule == std::string::npos ? std::string() : text.substr(rule + 6);
  }
  return text;
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
    const std::string text = input_of(path);
    std::fprintf(stderr, "%s\n", path.c_str());  // the input a trap stopped at is the last one named
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  }
  std::printf("%zu input(s) read\n", inputs.size());
  return 0;
}
