// libFuzzer target for the InferenceX evaluation results reader: any bytes must give a dataset or a diagnostic, never a crash, a sanitizer
// report or a hang; the rest of what one input must satisfy is in dataset_read_checks.hpp.
#include "dataset_read_checks.hpp"
#include "infertrack/formats/inferencex_evals.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_dataset_read(infertrack::formats::read_inferencex_evals(text), text);
  return 0;
}
