#include "infertrack/util/json_indent.hpp"

namespace infertrack::util {
namespace {

bool
is_blank(char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

std::string
indent_json(std::string_view json, int width)
{
  std::string out;
  out.reserve(json.size() + json.size() / 2);
  std::size_t depth = 0;
  const auto new_line = [&] {
    out += '\n';
    out.append(depth * static_cast<std::size_t>(width), ' ');
  };
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (c == '"') {
      // Copied whole: braces, commas and colons inside a string are text, and \" does not end it.
      const std::size_t start = i;
      for (++i; i < json.size() && json[i] != '"'; ++i) {
        i += json[i] == '\\' ? 1 : 0;
      }
      out.append(json.substr(start, i - start + 1));
    } else if (c == '{' || c == '[') {
      std::size_t next = i + 1;
      while (next < json.size() && is_blank(json[next])) {
        ++next;
      }
      if (next < json.size() && json[next] == (c == '{' ? '}' : ']')) {
        out += c;
        out += json[next];
        i = next;
        continue;
      }
      out += c;
      ++depth;
      new_line();
    } else if (c == '}' || c == ']') {
      depth -= depth > 0 ? 1 : 0;
      new_line();
      out += c;
    } else if (c == ',') {
      out += ',';
      new_line();
    } else if (c == ':') {
      out += ": ";
    } else if (!is_blank(c)) {
      out += c;
    }
  }
  return out;
}

}  // namespace infertrack::util
