#pragma once

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace infertrack::formats::test {

// A file of the source tree (`relative` to the repository root), read whole as bytes.
inline std::string
read_source_file(const std::string& relative)
{
  std::ifstream in(std::string(INFERTRACK_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// One of the InferenceX runner's result files kept under tests/cases/runner/dsv4-runs/, read whole.
inline std::string
read_runner_file(const std::string& name)
{
  return read_source_file("tests/cases/runner/dsv4-runs/" + name);
}

}  // namespace infertrack::formats::test
