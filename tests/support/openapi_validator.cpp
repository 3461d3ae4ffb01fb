#include "support/openapi_validator.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace infertrack::test {
namespace {

using nlohmann::json;

// Enough of a value to recognise it in a failure message without pages of JSON.
constexpr std::size_t k_shown_value_length = 80;
constexpr int k_method_not_allowed = 405;

std::string
shown(const json& value)
{
  std::string text = value.dump();
  if (text.size() > k_shown_value_length) {
    text = text.substr(0, k_shown_value_length) + "...";
  }
  return text;
}

std::string
fault(const std::string& pointer, const std::string& what)
{
  return "at '" + pointer + "': " + what;
}

// `pointer` extended by the member or index `token`, escaped as RFC 6901 says (~ as ~0, / as ~1).
std::string
child(const std::string& pointer, const std::string& token)
{
  std::string escaped;
  for (const char c : token) {
    escaped += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  }
  return pointer + "/" + escaped;
}

bool
has_type(const json& value, const std::string& type)
{
  if (type == "integer") {
    return value.is_number_integer();
  }
  if (type == "number") {
    return value.is_number();
  }
  return (type == "string" && value.is_string()) || (type == "boolean" && value.is_boolean()) ||
         (type == "array" && value.is_array()) || (type == "object" && value.is_object());
}

std::vector<std::string>
segments(std::string_view path)
{
  std::vector<std::string> parts;
  for (std::size_t start = 1; start <= path.size();) {
    const std::size_t slash = std::min(path.find('/', start), path.size());
    parts.emplace_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return parts;
}

}  // namespace

OpenApiValidator::OpenApiValidator(json document)
  : m_document(std::move(document)),
    m_base_path(m_document.value(json::json_pointer("/servers/0/url"), std::string()))
{
}

std::vector<std::string>
OpenApiValidator::check_value(const json& schema, const json& value) const
{
  std::vector<std::string> faults;
  check(schema, value, "", faults);
  return faults;
}

const json*
OpenApiValidator::resolved(const json& object, const std::string& pointer, std::vector<std::string>& faults) const
{
  if (!object.is_object() || !object.contains("$ref")) {
    return &object;
  }
  const std::string ref = object["$ref"].get<std::string>();
  if (!ref.starts_with("#/") || !m_document.contains(json::json_pointer(ref.substr(1)))) {
    faults.push_back(fault(pointer, "$ref '" + ref + "' names nothing in the document"));
    return nullptr;
  }
  return resolved(m_document.at(json::json_pointer(ref.substr(1))), pointer, faults);
}

void
OpenApiValidator::check(const json& given, const json& value, const std::string& pointer,
                        std::vector<std::string>& faults) const
{
  const json* found = resolved(given, pointer, faults);
  if (found == nullptr) {
    return;
  }
  const json& schema = *found;
  if (value.is_null() && schema.value("nullable", false)) {
    return;
  }
  if (schema.contains("type") && !has_type(value, schema["type"].get<std::string>())) {
    faults.push_back(fault(pointer, "expected " + schema["type"].get<std::string>() +
                                      (schema.value("nullable", false) ? " or null" : "") + ", got " + shown(value)));
    return;
  }
  if (schema.contains("enum") && std::ranges::find(schema["enum"], value) == schema["enum"].end()) {
    faults.push_back(fault(pointer, shown(value) + " is not one of " + shown(schema["enum"])));
  }
  if (value.is_number() && schema.contains("minimum") &&
      (schema.value("exclusiveMinimum", false) ? value <= schema["minimum"] : value < schema["minimum"])) {
    faults.push_back(fault(pointer, shown(value) + " is below the minimum " + shown(schema["minimum"])));
  }
  if (value.is_number() && schema.contains("maximum") &&
      (schema.value("exclusiveMaximum", false) ? value >= schema["maximum"] : value > schema["maximum"])) {
    faults.push_back(fault(pointer, shown(value) + " is above the maximum " + shown(schema["maximum"])));
  }
  if (value.is_object()) {
    for (const json& name : schema.value("required", json::array())) {
      if (!value.contains(name.get<std::string>())) {
        faults.push_back(fault(pointer, "required property '" + name.get<std::string>() + "' is missing"));
      }
    }
    const json properties = schema.value("properties", json::object());
    const json additional = schema.value("additionalProperties", json(true));
    for (const auto& [name, member] : value.items()) {
      if (properties.contains(name)) {
        check(properties[name], member, child(pointer, name), faults);
      } else if (additional == false) {
        faults.push_back(fault(child(pointer, name), "'" + name + "' is not a documented property"));
      } else if (additional.is_object()) {
        check(additional, member, child(pointer, name), faults);
      }
    }
  }
  if (value.is_array() && schema.contains("items")) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      check(schema["items"], value[i], child(pointer, std::to_string(i)), faults);
    }
  }
  check_alternatives(schema, value, pointer, faults);
}

void
OpenApiValidator::check_alternatives(const json& schema, const json& value, const std::string& pointer,
                                     std::vector<std::string>& faults) const
{
  for (const json& part : schema.value("allOf", json::array())) {
    check(part, value, pointer, faults);
  }
  for (const char* keyword : {"oneOf", "anyOf"}) {
    if (!schema.contains(keyword)) {
      continue;
    }
    std::size_t matched = 0;
    std::string why;
    for (const json& alternative : schema[keyword]) {
      std::vector<std::string> alternative_faults;
      check(alternative, value, pointer, alternative_faults);
      matched += alternative_faults.empty() ? 1 : 0;
      why += alternative_faults.empty() ? "" : "; " + alternative_faults.front();
    }
    const bool one_of = std::string_view(keyword) == "oneOf";
    if (matched == 0 || (one_of && matched > 1)) {
      faults.push_back(fault(pointer, "matches " + std::to_string(matched) + " of the " + keyword +
                                        " alternatives" + (one_of ? " (expected exactly one)" : "") + why));
    }
  }
}

std::string
OpenApiValidator::path_template(std::string_view path) const
{
  if (!path.starts_with(m_base_path)) {
    return {};
  }
  const std::vector<std::string> asked = segments(path.substr(m_base_path.size()));
  std::string best;
  std::ptrdiff_t best_literals = -1;
  for (const auto& [name, item] : m_document["paths"].items()) {
    const std::vector<std::string> documented = segments(name);
    if (documented.size() != asked.size()) {
      continue;
    }
    std::ptrdiff_t literals = 0;
    for (std::size_t i = 0; i < asked.size() && literals >= 0; ++i) {
      const bool is_template = documented[i].starts_with('{') && documented[i].ends_with('}');
      literals = documented[i] == asked[i] ? literals + 1 : is_template && !asked[i].empty() ? literals : -1;
    }
    if (literals > best_literals) {
      best = name;
      best_literals = literals;
    }
  }
  return best;
}

std::vector<std::string>
OpenApiValidator::check_answer(const DocumentedAnswer& answer) const
{
  std::string method(answer.method);
  std::ranges::transform(method, method.begin(), [](unsigned char c) { return std::tolower(c); });
  // A HEAD is answered as the GET would be, without the body.
  const bool head = method == "head";
  method = head ? "get" : method;
  const std::string status = std::to_string(answer.status);
  const std::string path = path_template(answer.path);
  const std::string what = std::string(answer.method) + " " + std::string(answer.path) + " " + status + ": ";
  if (path.empty()) {
    return {what + "no path of the document matches"};
  }
  const json& operations = m_document["paths"][path];
  const json* responses = operations.contains(method) ? &operations[method]["responses"] : nullptr;
  // OpenAPI lists no answers for a method a path does not take: its 405 is the one the path's operations give.
  for (const auto& [name, operation] : operations.items()) {
    if (responses == nullptr && answer.status == k_method_not_allowed && operation.contains("responses") &&
        operation["responses"].contains(status)) {
      responses = &operation["responses"];
    }
  }
  if (responses == nullptr) {
    return {what + "the document lists no " + method + " of " + path};
  }
  if (!responses->contains(status)) {
    return {what + "the document lists no status " + status + " for " + method + " " + path};
  }
  std::vector<std::string> faults;
  const json* response = resolved((*responses)[status], "", faults);
  if (response == nullptr || head) {
    return faults;
  }
  const json content = response->value("content", json::object());
  const std::string media(answer.content_type.substr(0, answer.content_type.find(';')));
  if (content.empty()) {
    return answer.body.empty() ? faults : std::vector<std::string>{what + "the document gives this answer no body"};
  }
  if (!content.contains(media)) {
    return {what + "the document gives no content type '" + media + "' (it gives " + shown(content) + ")"};
  }
  if (media != "application/json") {
    return faults;
  }
  if (!content[media].contains("schema")) {
    return {what + "the document gives the JSON of this answer no schema"};
  }
  const json body = json::parse(answer.body, nullptr, false);
  if (body.is_discarded()) {
    return {what + "the body is not JSON: " + std::string(answer.body.substr(0, k_shown_value_length))};
  }
  check(content[media]["schema"], body, "", faults);
  for (std::string& each : faults) {
    each = what + each;
  }
  return faults;
}

}  // namespace infertrack::test
