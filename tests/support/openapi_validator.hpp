#pragma once

// Checks answers against an OpenAPI 3.0 document, so that a route whose answer drifts from the document fails
// its tests. Debian ships no JSON-schema validator, so this covers the subset of the Schema Object our
// document uses: type (integer apart from number), nullable, properties, required, additionalProperties,
// items, enum, $ref, oneOf, anyOf, allOf, minimum and maximum.

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace infertrack::test {

// An answer as a client sees it: `path` is the request path (the query left off), `body` the uncompressed body.
struct DocumentedAnswer
{
  std::string_view method;
  std::string_view path;
  int status = 0;
  std::string_view content_type;
  std::string_view body;
};

class OpenApiValidator
{
public:
  // Validates against `document`, an OpenAPI 3.0 document whose first server url prefixes its paths.
  explicit OpenApiValidator(nlohmann::json document);

  // What is wrong with `value` as an instance of `schema` (which may $ref the document's components), one
  // message per fault, each starting with the JSON pointer at fault in `value`; empty when it conforms.
  std::vector<std::string> check_value(const nlohmann::json& schema, const nlohmann::json& value) const;

  // What is wrong with `answer`: a path, method or status the document does not list, a content type it does
  // not give for that status, a JSON body that is no instance of the documented schema (or has none), or a
  // body where it documents none. Empty when the document describes the answer.
  std::vector<std::string> check_answer(const DocumentedAnswer& answer) const;

  // The document's path template that `path` (under the server url) matches, e.g. /points/{id} for
  // /api/v1/points/444212; empty when none does. A literal segment wins over a template one.
  std::string path_template(std::string_view path) const;

private:
  void check(const nlohmann::json& schema, const nlohmann::json& value, const std::string& pointer,
             std::vector<std::string>& faults) const;
  void check_alternatives(const nlohmann::json& schema, const nlohmann::json& value, const std::string& pointer,
                          std::vector<std::string>& faults) const;
  // `object` itself, or what its $ref points to (nullptr, with a fault, when that is not in the document).
  const nlohmann::json* resolved(const nlohmann::json& object, const std::string& pointer,
                                 std::vector<std::string>& faults) const;

  nlohmann::json m_document;
  std::string m_base_path;
};

}  // namespace infertrack::test
