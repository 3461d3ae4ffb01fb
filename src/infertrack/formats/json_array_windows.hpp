#pragma once

#include "infertrack/formats/json_errors.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

// Reads a large JSON array (a file of rows, or a snapshot's points) a window of text at a time. simdjson
// On-Demand indexes a whole text before its first value: for a 1.9 GB array of runner rows the index took 1.2 GB
// of fresh memory, a third of the reading spent faulting it in, and storing waited for all of it. A window of
// about a megabyte is indexed into memory kept from the window before, and storing starts after the first one.
namespace infertrack::formats {

using ReadArrayElement = std::function<util::Result<void>(JsonValue& element, std::size_t index)>;

// Whether `text` is long enough to be read in windows: longer than two (JsonParsing::array_window_bytes).
bool reads_in_windows(std::string_view text, const JsonParsing& parsing);

// Reads each element of the top-level array `json` with `read_element` (its index counted from the array's
// start) when `json` is an array that reads_in_windows(); otherwise returns nullopt without reading, and the
// caller reads the text whole (JsonInput).
//
// A text with one mistake is refused as when read whole: what JsonInput::top (malformed JSON, at the whole
// document), for_each_element (at `elements`) and JsonInput::finish (`what` in "trailing content after <what>")
// give for the whole text. (Of several mistakes, the whole read names malformed JSON anywhere first; windows
// name the first one they meet.) A window too small for one element and the start of the next grows.
std::optional<util::Result<void>> read_array_in_windows(std::string_view json,
                                                        const JsonParsing& parsing,
                                                        const JsonPlace& elements,
                                                        std::string_view what,
                                                        const ReadArrayElement& read_element);

// Where the array value of the top-level object's member `key` opens in `text` (its '['), if that member is
// found within text[0, limit) by a byte-by-byte scan; nullopt if not, or if its value is not an array.
std::optional<std::size_t> find_top_level_array(std::string_view text, std::string_view key, std::size_t limit);

// Reads each element of the array that opens at text[open] ('[') and is followed by more of its document (the
// snapshot's points), and returns where that document goes on after the array's closing bracket. Returns
// nullopt when a mistake in or around the array stops it: the caller reads the whole text to name it, and
// throws away what was read.
std::optional<std::size_t> read_member_array_in_windows(std::string_view text,
                                                        std::size_t open,
                                                        const JsonParsing& parsing,
                                                        const JsonPlace& elements,
                                                        const ReadArrayElement& read_element);

}  // namespace infertrack::formats
