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

// How many quotes a window may try to end before: half of them end a string rather than start one.
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

// The position of the last quote in text[from, to), or k_none.
std::size_t
quote_before(std::string_view text, std::size_t from, std::size_t to)
{
  const void* quote = memrchr(text.data() + from, '"', to - from);
  return quote == nullptr ? k_none : static_cast<std::size_t>(static_cast<const char*>(quote) - text.data());
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

class ArrayWindows
{
public:
  ArrayWindows(std::string_view text,
               const JsonParsing& parsing,
               const JsonPlace& elements,
               std::string_view what,
               const ReadArrayElement& read_element)
    : m_text(text)
    , m_parsing{InputPadding::zeroed, parsing.parser != nullptr ? parsing.parser : &m_own_parser, 0}
    , m_window(parsing.array_window_bytes)
    , m_elements(elements)
    , m_what(what)
    , m_read_element(read_element)
  {
  }

  // Reads the elements from text[start] (just past the array's opening bracket) on.
  Result<void> read(std::size_t start)
  {
    std::size_t size = m_window;
    while (m_text.size() - start > size) {
      std::size_t cut = first_cut(m_text, start, start + size);
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
      } else if (outcome == Window::too_small) {
        size *= 2;
      } else {
        break;  // the rest is read whole, and a real mistake in it is named as for the whole text
      }
    }
    return read_rest(start);
  }

private:
  enum class Window
  {
    read,             // its first elements are read; the next window starts at m_next_start
    too_small,        // no element but the first starts in its last eighth
    unclosed_string,  // it ends inside a string
    unreadable,       // simdjson refuses it for another reason
  };

  // Reads the elements of text[start, cut) that start before most of the window is past: each is followed by
  // another one, so it is whole.
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
    const std::optional<ElementStart> next = first_element_past(input, window, window.size() - window.size() / 8);
    if (!next) {
      return Window::too_small;
    }
    input.rewind();
    if (Result<void> read = read_elements(input, next->index); !read) {
      return tl::unexpected(worded_read_failure(std::move(read), m_text).error());
    }
    m_next_start = start + next->offset - 1;  // less the "[" before the window's elements
    return Window::read;
  }

  struct ElementStart
  {
    std::size_t index;   // in the window
    std::size_t offset;  // in the window's text
  };

  // The first element of the window that starts at `offset` or later, found by walking past the ones before
  // without reading them. Stopping there keeps the walk away from the window's end, where an element may be
  // cut short: On-Demand gives up a document after a mistake, and the window could not be walked again.
  std::optional<ElementStart> first_element_past(JsonInput& input, std::string_view window, std::size_t offset)
  {
    Result<JsonValue> top = input.top({}, {});
    simdjson::ondemand::array array;
    if (!top || top->get_array().get(array) != simdjson::SUCCESS) {
      return std::nullopt;
    }
    std::size_t index = 0;
    for (auto element : array) {
      JsonValue value;
      if (std::move(element).get(value) != simdjson::SUCCESS) {
        return std::nullopt;
      }
      const auto start = static_cast<std::size_t>(value.raw_json_token().data() - window.data());
      if (start >= offset && index > 0) {
        return ElementStart{index, start};
      }
      ++index;
    }
    return std::nullopt;
  }

  // Reads the window's first `count` elements, known to be whole.
  Result<void> read_elements(JsonInput& input, std::size_t count)
  {
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
  Result<void> read_rest(std::size_t start)
  {
    JsonInput input(m_buffer.fill(m_text.substr(start), false), m_parsing);
    INFERTRACK_TRY_ASSIGN(top, input.top({}, {}));
    Result<void> read = for_each_element(top, m_elements, {}, [&](JsonValue& element, std::size_t index) {
      return m_read_element(element, m_first_index + index);
    });
    if (!read) {
      return worded_read_failure(std::move(read), m_text);
    }
    return input.finish(std::move(read), m_what);
  }

  std::string_view m_text;
  JsonParser m_own_parser;
  JsonParsing m_parsing;
  std::size_t m_window;
  const JsonPlace& m_elements;
  std::string_view m_what;
  const ReadArrayElement& m_read_element;
  WindowText m_buffer;
  std::size_t m_first_index = 0;      // the array index of the next window's first element
  std::size_t m_next_start = 0;
};

}  // namespace

std::optional<Result<void>>
read_array_in_windows(std::string_view json,
                      const JsonParsing& parsing,
                      const JsonPlace& elements,
                      std::string_view what,
                      const ReadArrayElement& read_element)
{
  const std::string_view text = without_utf8_bom(json);
  if (parsing.array_window_bytes == 0 || text.size() / 2 <= parsing.array_window_bytes) {
    return std::nullopt;
  }
  const std::size_t open = text.find_first_not_of(" \t\n\r");
  if (open == k_none || text[open] != '[') {
    return std::nullopt;
  }
  return ArrayWindows(text, parsing, elements, what, read_element).read(open + 1);
}

}  // namespace infertrack::formats
