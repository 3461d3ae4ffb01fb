#include "infertrack/server/pages/web_assets.hpp"

#include <stdexcept>
#include <string>

namespace infertrack::server::pages {

const WebAsset*
find_asset(std::string_view name)
{
  for (const WebAsset& asset : web_assets()) {
    if (asset.name == name) {
      return &asset;
    }
  }
  return nullptr;
}

std::string_view
find_template(std::string_view name)
{
  for (const WebTemplate& page_template : web_templates()) {
    if (page_template.name == name) {
      return page_template.content;
    }
  }
  throw std::logic_error("web template not embedded: " + std::string(name));
}

}  // namespace infertrack::server::pages
