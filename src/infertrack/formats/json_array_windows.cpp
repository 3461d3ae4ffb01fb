#include "infertrack/formats/json_array_windows.hpp"

#include "infertrack/formats/json_input.hpp"
#include "infertrack/formats/json_values.hpp"

#include <string.h>  // memrchr

#include <algorithm>
#include <cstring>
#include <memory>

namespace infertrack::formats {

namespace {

using util::Result;

constexpr std::size_t k_none = std::string_view::npos;

// The characters a JSON value starts with.
constexpr std::string_view k_value_starts = "{[\"-0123456789tfn";

// How many quotes a window may try to end before. Unescaped quotes take turns starting and ending strings, so two
// do in valid JSON; the rest bound the time broken text costs before the rest is read in one piece.
constexpr int k_cut_attempts = 8;

// A window's elements as simdjson reads them: "[" + the elements (+ "]"), followed by zeros.
class WindowText
{
public:
  std::string_view fill(std::string_view elements, bool add_closing_bracket)
  {
    const std::size_t size = elements.size() + (add_closing_bracket ? 2 : 1);
    if (size + k_input_padding > m_capacity) {
      m_capacity = std::max(size + k_input_padding, 2 * m_capacity);
      m_bytes = std::make_unique_for_overwrite<char[]>(m_capacity);
    }
    char* text = m_bytes.get();
    text[0] = '[';
    std::memcpy(text + 1, elements.data(), elements.size());
    if (add_closing_bracket) {
      text[size - 1] = ']';
    }
    std::memset(text + size, 0, k_input_padding);
    return {text, size};
  }

private:
  std::unique_ptr<char[]> m_bytes;
  std::size_t m_capacity = 0;
};

// The position of the last quote in text[from, to) that starts or ends a string (not one escaped by an odd run
// of backslashes), or k_none.
std::size_t
quote_before(std::string_view text, std::size_t from, std::size_t to)
{
  while (to > from) {
    const void* found = memrchr(text.data() + from, '"', to - from);
    if (found == nullptr) {
      return k_none;
    }
    const auto quote = static_cast<std::size_t>(static_cast<const char*>(found) - text.data());
    std::size_t backslashes = 0;
    while (quote - backslashes > from && text[quote - backslashes - 1] == '\\') {
      ++backslashes;
    }
    if (backslashes % 2 == 0) {
      return quote;
    }
    to = quote - backslashes;
  }
  return k_none;
}

// The position of the quote that closes the string whose text starts at text[from], or k_none.
std::size_t
string_end(std::string_view text, std::size_t from)
{
  for (std::size_t i = from; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == '"') {
      return i;
    }
  }
  return k_none;
}

// Where a window of text[start, limit) may end first: at a newline in its second half (valid JSON has none
// inside a string), else before its last quote, else anywhere (no string starts in it).
std::size_t
first_cut(std::string_view text, std::size_t start, std::size_t limit)
{
  const std::size_t half = start + (limit - start) / 2;
  if (const void* newline = memrchr(text.data() + half, '\n', limit - half); newline != nullptr) {
    return static_cast<std::size_t>(static_cast<const char*>(newline) - text.data());
  }
  const std::size_t quote = quote_before(text, start, limit);
  return quote == k_none ? limit : quote;
}

// What walking a window's elements without reading them found.
struct WindowWalk
{
  std::size_t whole = 0;  // how many of its elements are known whole
  std::size_t next = 0;   // where reading goes on, in the window's text: the next element, or past the array
  bool array_ended = false;
};

class ArrayWindows
{
public:
  // `followed`: the array is a member of a larger document, and more of it follows the array.
  ArrayWindows(std::string_view text,
               const JsonParsing& parsing,
               const JsonPlace& elements,
               const ReadArrayElement& read_element,
               bool followed)
    : m_text(text)
    , m_parsing{InputPadding::zeroed, parsing.parser != nullptr ? parsing.parser : &m_own_parser, 0}
    , m_window(parsing.array_window_bytes)
    , m_elements(elements)
    , m_read_element(read_element)
    , m_followed(followed)
  {
  }

  // Reads the elements of the top-level array from text[start] (just past its opening bracket) on.
  Result<void> read_to_end(std::size_t start, std::string_view what)
  {
    INFERTRACK_TRY_ASSIGN(rest, read_windows(start));
    return read_rest(rest, what);
  }

  // Reads the elements of a member array from text[start] (just past its opening bracket) on, and returns where
  // the rest of the document goes on, or nullopt for a mistake in or around the array.
  std::optional<std::size_t> read_member(std::size_t start)
  {
    const Result<std::size_t> end = read_windows(start);
    return end && m_array_ended ? std::optional(*end) : std::nullopt;
  }

private:
  enum class Window
  {
    read,             // its first elements are read; the next window starts at m_next_start
    array_ended,      // all its elements are read; the array ends at m_next_start
    too_small,        // no element but the first starts in its last eighth
    unclosed_string,  // it ends inside a string
    unreadable,       // simdjson refuses it for another reason
  };

  // Reads windows from text[start] on while they fit in the text (the whole array, for a member array) and
  // returns where the next one would start.
  Result<std::size_t> read_windows(std::size_t start)
  {
    std::size_t size = m_window;
    while (m_followed || m_text.size() - start > size) {
      const std::size_t limit = std::min(start + size, m_text.size());
      std::size_t cut = limit == m_text.size() ? limit : first_cut(m_text, start, limit);
      Result<Window> window = Window::unclosed_string;
      for (int attempt = 0; attempt < k_cut_attempts && cut != k_none && cut > start; ++attempt) {
        window = read_window(start, cut);
        if (!window || *window != Window::unclosed_string) {
          break;
        }
        cut = quote_before(m_text, start, cut);
      }
      INFERTRACK_TRY_ASSIGN(outcome, std::move(window));
      if (outcome == Window::read) {
        start = m_next_start;
        size = m_window;
      } else if (outcome == Window::array_ended) {
        m_array_ended = true;
        return m_next_start;
      } else if (outcome == Window::too_small && limit < m_text.size()) {
        size *= 2;
      } else if (m_followed && limit < m_text.size()) {
        size = m_text.size() - start;  // the rest in one window: a member array's end is found no other way
      } else {
        break;  // the rest is read whole, and a real mistake in it is named as for the whole text
      }
    }
    return start;
  }

  // Reads the elements of text[start, cut) that start before most of the window is past (each is followed by
  // another one, so it is whole), or all of them when the array ends inside the window.
  Result<Window> read_window(std::size_t start, std::size_t cut)
  {
    const std::string_view window = m_buffer.fill(m_text.substr(start, cut - start), true);
    JsonInput input(window, m_parsing);
    if (input.parse_error() == simdjson::UNCLOSED_STRING) {
      return Window::unclosed_string;
    }
    if (input.parse_error() != simdjson::SUCCESS) {
      return Window::unreadable;
    }
    const std::optional<WindowWalk> walk = walk_window(input, window);
    if (!walk || (walk->array_ended && !m_followed)) {
      return Window::too_small;
    }
    input.rewind();
    if (Result<void> read = read_elements(input, walk->whole); !read) {
      return tl::unexpected(worded_read_failure(std::move(read), m_text).error());
    }
    m_next_start = start + walk->next - 1;  // less the "[" before the window's elements
    return walk->array_ended ? Window::array_ended : Window::read;
  }

  // Walks past the window's elements without reading them, up to the first that starts in its last eighth:
  // the walk stays away from the window's end, where an element may be cut short (On-Demand gives up a document
  // after a mistake, and the window could not be walked again). An array that ends before that is walked whole:
  // it ended inside the window if more follows it there, the closing bracket after the window being extra.
  std::optional<WindowWalk> walk_window(JsonInput& input, std::string_view window)
  {
    Result<JsonValue> top = input.top({}, {});
    simdjson::ondemand::array array;
    if (!top || top->get_array().get(array) != simdjson::SUCCESS) {
      return std::nullopt;
    }
    const std::size_t last_eighth = window.size() - window.size() / 8;
    std::size_t index = 0;
    for (auto element : array) {
      JsonValue value;
      if (std::move(element).get(value) != simdjson::SUCCESS) {
        return std::nullopt;
      }
      // On-Demand hands on what follows a comma as an element before looking at it: "[1,]" has two.
      const std::string_view token = value.raw_json_token();
      if (token.empty() || k_value_starts.find(token.front()) == std::string_view::npos) {
        return std::nullopt;
      }
      const auto start = static_cast<std::size_t>(token.data() - window.data());
      if (start >= last_eighth && index > 0) {
        return WindowWalk{index, start, false};
      }
      ++index;
    }
    const std::optional<std::string_view> after = input.after_top();
    if (!after) {
      return std::nullopt;
    }
    return WindowWalk{index, static_cast<std::size_t>(after->data() - window.data()), true};
  }

  // Reads the window's first `count` elements, known to be whole.
  Result<void> read_elements(JsonInput& input, std::size_t count)
  {
    if (count == 0) {
      return {};
    }
    INFERTRACK_TRY_ASSIGN(top, input.top({}, {}));
    simdjson::ondemand::array array;
    if (const auto error = top.get_array().get(array); error != simdjson::SUCCESS) {
      return json_error(error, m_elements);
    }
    std::size_t read = 0;
    for (auto element : array) {
      JsonValue item;
      if (const auto error = std::move(element).get(item); error != simdjson::SUCCESS) {
        return json_error(error, m_elements);
      }
      INFERTRACK_TRY(m_read_element(item, m_first_index + read));
      if (++read == count) {
        break;
      }
    }
    m_first_index += count;
    return {};
  }

  // Reads text[start, end): the last elements, the closing bracket and whatever follows it.
  Result<void> read_rest(std::size_t start, std::string_view what)
  {
    JsonInput input(m_buffer.fill(m_text.substr(start), false), m_parsing);
    INFERTRACK_TRY_ASSIGN(top, input.top({}, {}));
    Result<void> read = for_each_element(top, m_elements, {}, [&](JsonValue& element, std::size_t index) {
      return m_read_element(element, m_first_index + index);
    });
    if (!read) {
      return worded_read_failure(std::move(read), m_text);
    }
    return input.finish(std::move(read), what);
  }

  std::string_view m_text;
  JsonParser m_own_parser;
  JsonParsing m_parsing;
  std::size_t m_window;
  const JsonPlace& m_elements;
  const ReadArrayElement& m_read_element;
  bool m_followed;
  WindowText m_buffer;
  std::size_t m_first_index = 0;  // the array index of the next window's first element
  std::size_t m_next_start = 0;
  bool m_array_ended = false;
};

}  // namespace

bool
reads_in_windows(std::string_view text, const JsonParsing& parsing)
{
  return parsing.array_window_bytes > 0 && text.size() / 2 > parsing.array_window_bytes;
}

std::optional<Result<void>>
read_array_in_windows(std::string_view json,
                      const JsonParsing& parsing,
                      const JsonPlace& elements,
                      std::string_view what,
                      const ReadArrayElement& read_element)
{
  const std::string_view text = without_utf8_bom(json);
  if (!reads_in_windows(text, parsing)) {
    return std::nullopt;
  }
  const std::size_t open = text.find_first_not_of(" \t\n\r");
  if (open == k_none || text[open] != '[') {
    return std::nullopt;
  }
  return ArrayWindows(text, parsing, elements, read_element, false).read_to_end(open + 1, what);
}

std::optional<std::size_t>
find_top_level_array(std::string_view text, std::string_view key, std::size_t limit)
{
  constexpr std::string_view k_blanks = " \t\n\r";
  const std::size_t end = std::min(limit, text.size());
  std::size_t depth = 0;
  for (std::size_t i = 0; i < end; ++i) {
    const char c = text[i];
    if (c == '"') {
      const std::size_t close = string_end(text, i + 1);
      if (close == k_none) {
        return std::nullopt;
      }
      if (depth == 1 && text.substr(i + 1, close - i - 1) == key) {
        const std::size_t colon = text.find_first_not_of(k_blanks, close + 1);
        if (colon != k_none && text[colon] == ':') {
          const std::size_t value = text.find_first_not_of(k_blanks, colon + 1);
          return value != k_none && text[value] == '[' ? std::optional(value) : std::nullopt;
        }
      }
      i = close;
    } else if (c == '{' || c == '[') {
      if (depth == 0 && c == '[') {
        return std::nullopt;
      }
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth <= 1) {
        return std::nullopt;
      }
      --depth;
    }
  }
  return std::nullopt;
}

std::optional<std::size_t>
read_member_array_in_windows(std::string_view text,
                             std::size_t open,
                             const JsonParsing& parsing,
                             const JsonPlace& elements,
                             const ReadArrayElement& read_element)
{
  return ArrayWindows(text, parsing, elements, read_element, true).read_member(open + 1);
}

}  // namespace infertrack::formats
