#include "infertrack/server/pages/page_format.hpp"

#include "infertrack/util/percent_encoding.hpp"
#include "infertrack/util/text_table.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace infertrack::server::pages {
std::string
format_number(double value, int decimals)
{
  return std::isfinite(value) ? util::group_thousands(value, decimals) : "n/a";
}

std::string
format_signed(double value, int decimals)
{
  const std::string text = format_number(value, decimals);
  return text.starts_with('-') || text == "n/a" ? text : "+" + text;
}

std::string
format_throughput(double tps_per_gpu)
{
  constexpr double k_whole_numbers_from = 100;
  return format_number(tps_per_gpu, std::fabs(tps_per_gpu) >= k_whole_numbers_from ? 0 : 1);
}

std::string
format_dollars(double dollars)
{
  return std::isfinite(dollars) ? "$" + util::small_figure(dollars) : "n/a";
}

std::optional<std::string>
safe_link(const std::optional<std::string>& url)
{
  if (!url) {
    return std::nullopt;
  }
  const std::string_view text = *url;
  const bool http = text.starts_with("https://") || text.starts_with("http://");
  // A space or control character has no place in a URL; refusing it keeps attribute text plain.
  const bool clean = text.find_first_of(std::string_view(" \t\r\n\"'<>`\0", 10)) == std::string_view::npos;
  if (http && clean && text.size() > std::string_view("https://").size()) {
    return *url;
  }
  return std::nullopt;
}

std::string
percent_encode_segment(std::string_view text)
{
  // A segment of "." or ".." encodes its dots, so that it never reads as a step up the path.
  const bool dots_only = text == "." || text == "..";
  return util::percent_encoded(text, [dots_only](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '~' ||
           (c == '.' && !dots_only);
  });
}

std::string
script_safe_json(const nlohmann::json& json)
{
  const std::string dumped = json.dump(-1, ' ', /*ensure_ascii=*/true);
  std::string safe;
  safe.reserve(dumped.size());
  for (const char c : dumped) {
    switch (c) {
      case '<': safe += "\\u003c"; break;
      case '>': safe += "\\u003e"; break;
      case '&': safe += "\\u0026"; break;
      default: safe += c; break;
    }
  }
  return safe;
}

}  // namespace infertrack::server::pages
