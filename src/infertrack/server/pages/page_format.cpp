#include "infertrack/server/pages/page_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

namespace infertrack::server::pages {
namespace {

// `magnitude` (>= 0) with `decimals` decimals, rounded as the page's script rounds (Intl.NumberFormat): the shortest
// decimal that reads back as the double, rounded half away from zero. So 198.5 shows as 199 and 21.65 as 21.7 with
// and without JavaScript, where printf-style rounding gives 198 (half to even) and 21.6 (the double is below).
std::string
rounded_decimal(double magnitude, int decimals)
{
  std::array<char, 400> buffer{};  // the longest double in fixed notation has 309 whole digits
  const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), magnitude, std::chars_format::fixed).ptr;
  const std::string_view shortest(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
  const std::size_t point = std::min(shortest.find('.'), shortest.size());
  const std::string_view fraction = point < shortest.size() ? shortest.substr(point + 1) : std::string_view();
  const auto kept = static_cast<std::size_t>(decimals);
  const bool up = fraction.size() > kept && fraction[kept] >= '5';
  std::string digits(shortest.substr(0, point));
  digits += fraction.substr(0, std::min(kept, fraction.size()));
  digits.append(kept - std::min(kept, fraction.size()), '0');
  if (up) {
    std::size_t i = digits.size();
    while (i > 0 && digits[i - 1] == '9') {
      digits[--i] = '0';
    }
    if (i == 0) {
      digits.insert(0, 1, '1');
    } else {
      ++digits[i - 1];
    }
  }
  if (kept > 0) {
    digits.insert(digits.size() - kept, 1, '.');
  }
  return digits;
}

}  // namespace

std::string
format_number(double value, int decimals)
{
  if (!std::isfinite(value)) {
    return "n/a";
  }
  std::string text = rounded_decimal(std::fabs(value), decimals);
  const std::size_t point = text.find('.');
  std::size_t digits_end = point == std::string::npos ? text.size() : point;
  // Group from the right: a comma before every third digit that has digits on its left.
  for (std::size_t pos = digits_end; pos > 3; pos -= 3) {
    text.insert(pos - 3, 1, ',');
  }
  // "-0" after rounding reads as a sign error, so only a non-zero result keeps the minus.
  const bool negative = value < 0 && text.find_first_not_of("0.,") != std::string::npos;
  return negative ? "-" + text : text;
}

std::string
format_signed(double value, int decimals)
{
  const std::string text = format_number(value, decimals);
  return text.starts_with('-') || text == "n/a" ? text : "+" + text;
}

std::string
format_percent(double fraction, int decimals)
{
  return format_number(fraction * 100, decimals) + "%";
}

std::string
format_throughput(double tps_per_gpu)
{
  constexpr double k_whole_numbers_from = 100;
  return format_number(tps_per_gpu, std::fabs(tps_per_gpu) >= k_whole_numbers_from ? 0 : 1);
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
  constexpr std::string_view k_hex = "0123456789ABCDEF";
  std::string encoded;
  encoded.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool unreserved = std::isalnum(byte) != 0 || c == '-' || c == '_' || c == '~' ||
                            (c == '.' && text != "." && text != "..");
    if (unreserved) {
      encoded += c;
    } else {
      encoded += '%';
      encoded += k_hex[byte >> 4];
      encoded += k_hex[byte & 0x0f];
    }
  }
  return encoded;
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
