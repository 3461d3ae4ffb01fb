#include "infertrack/server/pages/page_renderer.hpp"

#include "infertrack/server/pages/web_assets.hpp"

#include <stdexcept>

namespace infertrack::server::pages {
namespace {

const WebAsset&
asset_named(std::string_view name)
{
  const WebAsset* asset = find_asset(name);
  if (asset == nullptr) {
    throw std::logic_error("web asset not embedded: " + std::string(name));
  }
  return *asset;
}

std::string
hashed_name_of(std::string_view name)
{
  return std::string(asset_named(name).hashed_name);
}

}  // namespace

std::string
asset_url(std::string_view name)
{
  return "/assets/" + hashed_name_of(name);
}

std::string
render_template(std::string_view name, const kainjow::mustache::data& data)
{
  // Parsing per render costs microseconds and keeps this free of shared mutable state, so worker threads
  // can render concurrently.
  kainjow::mustache::mustache page_template{std::string(find_template(name))};
  if (!page_template.is_valid()) {
    throw std::logic_error("web template " + std::string(name) + ": " + page_template.error_message());
  }
  std::string text = page_template.render(data);
  if (!page_template.is_valid()) {
    throw std::logic_error("web template " + std::string(name) + ": " + page_template.error_message());
  }
  return text;
}

std::string
render_page(const PageFrame& frame, std::string_view body_template, const kainjow::mustache::data& body)
{
  kainjow::mustache::data layout;
  layout.set("title", frame.title);
  layout.set("description", frame.description);
  layout.set("has_canonical", !frame.canonical_path.empty());
  layout.set("canonical_path", frame.canonical_path);
  layout.set("body", render_template(body_template, body));
  layout.set("inline_style", frame.style == PageStyle::inlined);
  if (frame.style == PageStyle::inlined) {
    layout.set("style_text", std::string(asset_named("style.css").content));
  } else {
    layout.set("asset_style_css", hashed_name_of("style.css"));
  }
  layout.set("with_chart", frame.scripts == PageScripts::tracker_app);
  if (frame.scripts == PageScripts::tracker_app) {
    layout.set("asset_uplot_js", hashed_name_of("uplot.js"));
    layout.set("asset_app_js", hashed_name_of("app.js"));
  }
  layout.set("with_views", frame.scripts == PageScripts::views);
  if (frame.scripts == PageScripts::views) {
    layout.set("asset_uplot_js", hashed_name_of("uplot.js"));
    layout.set("asset_views_js", hashed_name_of("views.js"));
  }
  layout.set("with_chrome", frame.chrome == PageChrome::full);
  return render_template("layout.mustache", layout);
}

}  // namespace infertrack::server::pages
