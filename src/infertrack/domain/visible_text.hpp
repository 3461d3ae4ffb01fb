#pragma once

#include <string_view>

namespace infertrack::domain {

// Both take valid UTF-8 (is_valid_utf8).

// True when `text` shows nothing: every character is white space (ASCII or Unicode: no-break, ideographic and the
// other spaces) or invisible: Unicode's default-ignorable characters (zero-width spaces and joiners, direction marks
// and controls, variation selectors, tags, the byte-order mark, Hangul fillers).
bool looks_blank(std::string_view text);

// True when `text` holds a bidirectional embedding, override or isolate (U+202A to U+202E, U+2066 to U+2069),
// which make what follows read in another order than it is written: "\u202Eevil" shows as "live".
bool has_direction_controls(std::string_view text);

}  // namespace infertrack::domain
