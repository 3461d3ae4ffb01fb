#pragma once

#include <kainjow/mustache.hpp>

#include <string>
#include <string_view>

namespace infertrack::server::pages {

// Whether a page loads the chart library and the tracker script; other pages are plain HTML and CSS.
enum class PageScripts
{
  none,
  tracker_app,
  views, // the compare page's and the embedded chart's script (views.js), with the chart library
};

// Whether a page comes inside the site's header, navigation and footer, or alone (an embedded chart).
enum class PageChrome
{
  full,
  none,
};

// How a page gets style.css: linked (cached across pages) or inlined, which spares the tracker page a
// render-blocking request before its first paint.
enum class PageStyle
{
  linked,
  inlined,
};

// What the shared layout needs to frame a page body.
struct PageFrame
{
  std::string title;
  std::string description;
  PageScripts scripts = PageScripts::none;
  PageStyle style = PageStyle::linked;
  PageChrome chrome = PageChrome::full;
  // The address search engines should index this page under (<link rel="canonical">); empty: none.
  std::string canonical_path = {};
};

// The URL of the embedded asset `name` ("uplot.css"): "/assets/" and its content-hashed name. Throws
// std::logic_error when it is not embedded.
std::string asset_url(std::string_view name);

// Renders the embedded template `name` ("point.mustache") with `data`; `{{x}}` is HTML-escaped.
// Throws std::logic_error when the template is missing or malformed (a build mistake, not bad input).
std::string render_template(std::string_view name, const kainjow::mustache::data& data);

// A whole HTML document: `body_template` rendered with `body`, inside layout.mustache, which links the
// content-hashed asset names.
std::string render_page(const PageFrame& frame, std::string_view body_template,
                        const kainjow::mustache::data& body);

}  // namespace infertrack::server::pages
