#pragma once

#include "infertrack/formats/json_errors.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

// Reads a large top-level JSON array a window of text at a time. simdjson On-Demand indexes a whole text before
// its first value: for a 1.9 GB array of runner rows the index took 1.2 GB of fresh memory, a third of the
// reading spent faulting it in, and storing waited for all of it. A window of about a megabyte is indexed into
// memory kept from the window before, and storing starts after the first one.
namespace infertrack::formats {

using ReadArrayElement = std::function<util::Result<void>(JsonValue& element, std::size_t index)>;

// Reads each element of the top-level array `json` with `read_element` (its index counted from the array's
// start) when `json` is an array longer than two windows (JsonParsing::array_window_bytes); otherwise returns
// nullopt without reading, and the caller reads the text whole (JsonInput).
//
// Windows change no diagnostic: a failure is what JsonInput::top (malformed JSON, at the whole document),
// for_each_element (at `elements`) and JsonInput::finish (`what` in "trailing content after <what>") give for
// the whole text. Each window ends where the next element starts; a window too small for one element grows.
std::optional<util::Result<void>> read_array_in_windows(std::string_view json,
                                                        const JsonParsing& parsing,
                                                        const JsonPlace& elements,
                                                        std::string_view what,
                                                        const ReadArrayElement& read_element);

}  // namespace infertrack::formats
