#include "infertrack/util/json_writer.hpp"

#include "infertrack/util/assertions.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

namespace infertrack::util {
namespace {

// The length of the well-formed UTF-8 sequence at text[at] (RFC 3629: no overlongs, no surrogates, at most
// U+10FFFF), or 0 when the bytes there are not one.
std::size_t
utf8_sequence_length(std::string_view text, std::size_t at)
{
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    low = lead == 0xe0 ? 0xa0 : 0x80;
    high = lead == 0xed ? 0x9f : 0xbf;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    low = lead == 0xf0 ? 0x90 : 0x80;
    high = lead == 0xf4 ? 0x8f : 0xbf;
  } else {
    return 0;
  }
  if (at + length > text.size() || byte(at + 1) < low || byte(at + 1) > high) {
    return 0;
  }
  for (std::size_t i = at + 2; i < at + length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xbf) {
      return 0;
    }
  }
  return length;
}

bool
is_utf8(std::string_view text)
{
  for (std::size_t at = 0; at < text.size();) {
    if (static_cast<unsigned char>(text[at]) < 0x80) {
      ++at;
      continue;
    }
    const std::size_t length = utf8_sequence_length(text, at);
    if (length == 0) {
      return false;
    }
    at += length;
  }
  return true;
}

}  // namespace

void
append_json_string(std::string& out, std::string_view text)
{
  const bool utf8 = is_utf8(text);
  out += '"';
  std::size_t plain = 0; // start of the bytes not yet copied
  for (std::size_t at = 0; at < text.size(); ++at) {
    const auto byte = static_cast<unsigned char>(text[at]);
    const bool escaped = byte < 0x20 || byte == '"' || byte == '\\' || (byte >= 0x80 && !utf8);
    if (!escaped) {
      continue;
    }
    out.append(text.substr(plain, at - plain));
    plain = at + 1;
    switch (byte) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<unsigned>(byte));
    }
  }
  out.append(text.substr(plain));
  out += '"';
}

JsonWriter::JsonWriter(std::string& out, int indent) : m_out(out)
{
  if (indent != k_compact) {
    INFERTRACK_ASSERT(indent >= 0);
    m_indent = static_cast<std::size_t>(indent);
  }
}

void
JsonWriter::new_line()
{
  if (m_indent) {
    m_out += '\n';
    m_out.append(m_open.size() * *m_indent, ' ');
  }
}

void
JsonWriter::before_value()
{
  if (m_after_key) {
    m_after_key = false;
    return;
  }
  if (!m_open.empty()) {
    INFERTRACK_ASSERT(!m_open.back().object); // an object's members need key() first
    if (m_open.back().has_items) {
      m_out += ',';
    }
    m_open.back().has_items = true;
    new_line();
  }
}

void
JsonWriter::end(bool object)
{
  INFERTRACK_ASSERT(!m_open.empty() && m_open.back().object == object && !m_after_key);
  const bool had_items = m_open.back().has_items;
  m_open.pop_back();
  if (had_items) {
    new_line(); // an empty one stays {} or [] on its line
  }
  m_out += object ? '}' : ']';
}

void
JsonWriter::begin_object()
{
  before_value();
  m_out += '{';
  m_open.push_back({true, false});
}

void
JsonWriter::end_object()
{
  end(true);
}

void
JsonWriter::begin_array()
{
  before_value();
  m_out += '[';
  m_open.push_back({false, false});
}

void
JsonWriter::end_array()
{
  end(false);
}

void
JsonWriter::before_member()
{
  INFERTRACK_ASSERT(!m_open.empty() && m_open.back().object && !m_after_key);
  if (m_open.back().has_items) {
    m_out += ',';
  }
  m_open.back().has_items = true;
  new_line();
}

void
JsonWriter::key(std::string_view name)
{
  before_member();
  append_json_string(m_out, name);
  m_out += m_indent ? ": " : ":";
  m_after_key = true;
}

void
JsonWriter::null()
{
  before_value();
  m_out += "null";
}

void
JsonWriter::value(std::string_view text)
{
  before_value();
  append_json_string(m_out, text);
}

void
JsonWriter::value(bool flag)
{
  before_value();
  m_out += flag ? "true" : "false";
}

void
JsonWriter::value(std::int64_t number)
{
  before_value();
  fmt::format_to(std::back_inserter(m_out), "{}", number);
}

void
JsonWriter::value(std::size_t number)
{
  before_value();
  fmt::format_to(std::back_inserter(m_out), "{}", number);
}

void
JsonWriter::value(double number)
{
  before_value();
  if (!std::isfinite(number)) {
    m_out += "null";
    return;
  }
  const std::size_t start = m_out.size();
  // Shortest text that reads back as the same double, as nlohmann::json writes it.
  fmt::format_to(std::back_inserter(m_out), "{}", number);
  if (std::string_view(m_out).substr(start).find_first_of(".e") == std::string_view::npos) {
    m_out += ".0"; // still a floating-point number when read back
  }
}

void
JsonWriter::raw_value(std::string_view json)
{
  before_value();
  m_out += json;
}

}  // namespace infertrack::util
