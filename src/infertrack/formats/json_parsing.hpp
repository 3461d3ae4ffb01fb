#pragma once

#include <cstddef>
#include <memory>

// What a JSON reader is handed besides its text. simdjson On-Demand reads past the end of the text by design
// and relies on zeros there (a cut file must not run on into bytes that happen to follow it): a text known to
// be followed by zeros is parsed in place, any other is first copied into a padded buffer. A parser kept by the
// caller keeps its buffers from one input to the next instead of allocating (and faulting in) them per file.
namespace infertrack::formats {

// Whether zero bytes follow an input text in memory.
enum class InputPadding
{
  none,    // nothing is known about the bytes after the text
  zeroed,  // at least k_input_padding zero bytes follow the text, and are not part of it
};

// How many zero bytes InputPadding::zeroed promises: simdjson's SIMDJSON_PADDING (checked in json_input.cpp).
inline constexpr std::size_t k_input_padding = 64;

// A simdjson On-Demand parser that lives across inputs (one per thread: a reader uses it while it reads).
class JsonParser
{
public:
  JsonParser();
  ~JsonParser();
  JsonParser(JsonParser&&) noexcept;
  JsonParser& operator=(JsonParser&&) noexcept;

  struct Buffers;  // the simdjson parser, defined where it is used (json_input.cpp)
  Buffers& buffers() { return *m_buffers; }

private:
  std::unique_ptr<Buffers> m_buffers;
};

// How much of a large JSON array (a file of rows, a snapshot's points) is indexed at a time
// (json_array_windows.hpp), in memory reused from window to window. A window is copied, indexed and walked twice:
// at 256 KiB it stays in a core's L2 cache through all four with simdjson's index of it (2 MiB here; 1 MiB windows
// made the snapshot 2-6% slower, BENCHMARKS.md).
inline constexpr std::size_t k_array_window_bytes = std::size_t{1} << 18;

// How a JSON reader (read_snapshot, read_inferencex_rows, read_inferencex_runner_rows) may parse its text: in
// place when zeros follow the text in memory, with a parser the caller lends. Each reader also takes an optional
// PointBatchSink (kept_points.hpp): the points go there a batch at a time as they are read, and the dataset it
// returns holds the rest.
struct JsonParsing
{
  InputPadding padding = InputPadding::none;
  JsonParser* parser = nullptr;  // none: the reader uses a parser of its own for this input
  std::size_t array_window_bytes = k_array_window_bytes;  // 0: every text is read whole
};

}  // namespace infertrack::formats
