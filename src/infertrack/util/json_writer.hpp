#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::util {

// JSON text written straight into a string, for answers too large to build as a document first (a history
// page holds thousands of runs; building it as nlohmann::json objects cost 30x the writing). The caller
// nests begin/end calls correctly (asserted) and names every member with key() inside an object.
class JsonWriter
{
public:
  // The `indent` of nlohmann::json::dump: compact text.
  static constexpr int k_compact = -1;

  // Writes to the end of `out`: compact with k_compact, else laid out as nlohmann::json::dump(`indent`) lays out a
  // document (one member or element per line, nested `indent` spaces deeper, "name": value, empty objects and
  // arrays as {} and []), so the CLI prints it like its other answers without parsing it first.
  explicit JsonWriter(std::string& out, int indent = k_compact);

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();

  // The name of the next member of the enclosing object.
  void key(std::string_view name);

  void null();
  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(bool flag);
  void value(std::int64_t number);
  void value(std::size_t number);
  // Non-finite numbers have no JSON form: they are written as null, as nlohmann::json does.
  void value(double number);
  template <typename T>
  void value(const std::optional<T>& value_or_null)
  {
    if (value_or_null) {
      value(*value_or_null);
    } else {
      null();
    }
  }

  // A member of the enclosing object: its name, then its value.
  template <typename T>
  void member(std::string_view name, const T& member_value)
  {
    key(name);
    value(member_value);
  }

  // A JSON value already written elsewhere (e.g. nlohmann::json::dump()), copied as it is: with an indent, only a
  // scalar (an object or array would keep its own layout).
  void raw_value(std::string_view json);

private:
  void before_value();
  void before_member(); // the comma before a member of the enclosing object, and its line
  void new_line();      // when indenting: a line break and the indent of the current depth
  void end(bool object);

  struct Open
  {
    bool object = false;
    bool has_items = false; // for the commas
  };

  std::string& m_out;
  std::optional<std::size_t> m_indent; // none: compact
  std::vector<Open> m_open; // the objects and arrays begun and not yet ended, innermost last
  bool m_after_key = false;
};

// `text` as a JSON string, quotes included: control characters escaped; bytes that are not UTF-8 are
// written as the code points of the same number (Latin-1), so the answer stays valid JSON.
void append_json_string(std::string& out, std::string_view text);

}  // namespace infertrack::util
