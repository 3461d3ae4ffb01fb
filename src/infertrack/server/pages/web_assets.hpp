#pragma once

#include <span>
#include <string_view>

namespace infertrack::server::pages {

// A file of web/static/ (or the chart library from node_modules/) compiled into the binary, so that the
// server never builds a disk path from a URL and every asset URL names exact bytes.
struct WebAsset
{
  std::string_view name;         // as in the source tree: "app.js"
  std::string_view hashed_name;  // "app.3f2a9c1e.js": changes whenever the content does
  std::string_view content_type; // "text/javascript; charset=utf-8"
  std::string_view content;
};

// A page template of web/templates/, compiled into the binary.
struct WebTemplate
{
  std::string_view name; // "tracker.mustache"
  std::string_view content;
};

// Both lists are generated at build time by cmake/embed_web_assets.cmake.
std::span<const WebAsset> web_assets();
std::span<const WebTemplate> web_templates();

// The asset whose logical `name` ("app.js") is given, or null.
const WebAsset* find_asset(std::string_view name);

// The template named `name`; throws std::logic_error when it is not embedded (a build mistake).
std::string_view find_template(std::string_view name);

}  // namespace infertrack::server::pages
