#pragma once

#include "infertrack/formats/json_errors.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/util/result.hpp"

#include <simdjson.h>

#include <optional>
#include <string_view>

namespace infertrack::formats {

// One JSON input on its way through simdjson On-Demand: what the snapshot, InferenceX API row and runner row
// readers share before and after walking the top-level value. The text (a leading UTF-8 BOM skipped) is parsed
// in place when zeros follow it (JsonParsing), else from a padded copy, with the caller's parser when given.
class JsonInput
{
public:
  JsonInput(std::string_view json, const JsonParsing& parsing);
  JsonInput(const JsonInput&) = delete;
  JsonInput& operator=(const JsonInput&) = delete;

  // The text without its BOM.
  std::string_view text() const { return m_text; }

  // simdjson's verdict on the text as a whole (its first pass): SUCCESS, or why it is not JSON.
  simdjson::error_code parse_error() const { return m_parse_error; }

  // The top-level value. A lone scalar is refused as "not <kind> (got a single JSON value, expected
  // <expected>)"; broken JSON as json_error() words it, at the whole document.
  util::Result<JsonValue> top(std::string_view kind, std::string_view expected);

  // What walking the top-level value came to: `read`'s failure, with the structural error On-Demand meets
  // where a cut text ends reworded as truncated; else content after the value is refused as "trailing content
  // after <what>".
  util::Result<void> finish(util::Result<void> read, std::string_view what);

  // The text after the top-level value as far as it has been walked (from its next token on), or nullopt at the
  // end of the text.
  std::optional<std::string_view> after_top();

  // Back to the start of the text, to walk it again without indexing it again.
  void rewind() { m_document.rewind(); }

private:
  std::string_view m_text;
  simdjson::padded_string m_copy;          // only when nothing is known to follow the text
  simdjson::padded_string_view m_padded;   // the text with its padding, the caller's or m_copy's
  std::optional<simdjson::ondemand::parser> m_own_parser;
  simdjson::ondemand::document m_document;
  simdjson::error_code m_parse_error = simdjson::SUCCESS;
};

// `json` without a leading UTF-8 byte order mark.
std::string_view without_utf8_bom(std::string_view json);

// `failed_read` (a failure walking the JSON text `text`) with the structural error On-Demand meets where a cut
// text ends reworded as truncated.
util::Result<void> worded_read_failure(util::Result<void> failed_read, std::string_view text);

// `result`, with a failure worded by expecting_document() for a JSON document other than the snapshot.
template<typename T>
util::Result<T>
expecting_document(util::Result<T> result, std::string_view expected)
{
  if (!result) {
    return expecting_document(tl::unexpected<util::Diagnostic>(std::move(result).error()), expected);
  }
  return result;
}

}  // namespace infertrack::formats
