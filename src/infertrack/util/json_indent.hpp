#pragma once

#include <string>
#include <string_view>

namespace infertrack::util {

// `json`, well-formed JSON text, laid out as nlohmann::json::dump(width) lays out a document: one member or
// element per line, nested `width` spaces deeper, "name": value, empty objects and arrays as {} and []. Strings
// and numbers are copied as they are. For answers written as text (JsonWriter) that the CLI prints indented like
// its other answers, without parsing them into a document first (a large history is hundreds of MB of it).
std::string indent_json(std::string_view json, int width);

}  // namespace infertrack::util
