#include "infertrack/formats/json_input.hpp"

#include "infertrack/formats/field_checks.hpp"

#include <string>

namespace infertrack::formats {

struct JsonParser::Buffers
{
  simdjson::ondemand::parser parser;
};

JsonParser::JsonParser()
  : m_buffers(std::make_unique<Buffers>())
{
}
JsonParser::~JsonParser() = default;
JsonParser::JsonParser(JsonParser&&) noexcept = default;
JsonParser& JsonParser::operator=(JsonParser&&) noexcept = default;

namespace {

static_assert(k_input_padding >= simdjson::SIMDJSON_PADDING,
              "InputPadding::zeroed must promise the zeros simdjson reads past the end of a text");

constexpr std::string_view k_utf8_bom = "\xEF\xBB\xBF";

// A kept parser's buffers take up to several bytes per input byte: grown past this for a large input, they are
// let go when the next input comes rather than held through the rest of a directory of small files.
constexpr std::size_t k_kept_parser_capacity = std::size_t{64} << 20;

simdjson::ondemand::parser&
kept_parser(JsonParser& kept)
{
  simdjson::ondemand::parser& parser = kept.buffers().parser;
  if (parser.capacity() > k_kept_parser_capacity) {
    parser = simdjson::ondemand::parser{};
  }
  return parser;
}

}  // namespace

std::string_view
without_utf8_bom(std::string_view json)
{
  return json.starts_with(k_utf8_bom) ? json.substr(k_utf8_bom.size()) : json;
}

util::Result<void>
worded_read_failure(util::Result<void> failed_read, std::string_view text)
{
  // On-Demand meets the end of a cut file as some structural error where it stops; say what happened.
  if (failed_read.error().message.starts_with(k_invalid_json) && ends_inside_json_value(text)) {
    failed_read.error().message = std::string(k_truncated_json);
  }
  return failed_read;
}

JsonInput::JsonInput(std::string_view json, const JsonParsing& parsing)
  : m_text(without_utf8_bom(json))
{
  if (parsing.padding == InputPadding::zeroed) {
    m_padded = simdjson::padded_string_view(m_text.data(), m_text.size(), m_text.size() + k_input_padding);
  } else {
    m_copy = simdjson::padded_string(m_text);
    m_padded = simdjson::padded_string_view(m_copy);
  }
  simdjson::ondemand::parser& parser =
    parsing.parser != nullptr ? kept_parser(*parsing.parser) : m_own_parser.emplace();
  m_parse_error = parser.iterate(m_padded).get(m_document);
}

util::Result<JsonValue>
JsonInput::top(std::string_view kind, std::string_view expected)
{
  const JsonPlace whole{};
  if (m_parse_error != simdjson::SUCCESS) {
    return json_error(m_parse_error, whole);
  }
  JsonValue top;
  if (const auto error = m_document.get_value().get(top); error != simdjson::SUCCESS) {
    if (error == simdjson::SCALAR_DOCUMENT_AS_VALUE) {
      return fail_at(whole, "not " + std::string(kind) + " (got a single JSON value, expected " + std::string(expected)
                              + ")");
    }
    return json_error(error, whole);
  }
  return top;
}

util::Result<void>
JsonInput::finish(util::Result<void> read, std::string_view what)
{
  if (!read) {
    return worded_read_failure(std::move(read), m_text);
  }
  if (const std::optional<std::string_view> rest = after_top()) {
    return fail_at(JsonPlace{},
                   "trailing content after " + std::string(what) + " (got " + quoted_text(*rest)
                     + ", expected the end of the input)");
  }
  return {};
}

std::optional<std::string_view>
JsonInput::after_top()
{
  const char* rest = nullptr;
  if (m_document.current_location().get(rest) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  return std::string_view(rest, m_padded.data() + m_padded.size() - rest);
}

}  // namespace infertrack::formats
