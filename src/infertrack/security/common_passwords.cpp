#include "infertrack/security/common_passwords.hpp"

#include <algorithm>
#include <vector>

namespace infertrack::security {
namespace detail {

// Defined in the source that cmake/embed_text.cmake generates from data/common-passwords.txt.
std::string_view common_passwords_text();

}  // namespace detail

namespace {

std::vector<std::string_view>
sorted_lines(std::string_view text)
{
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    // Tolerate a checkout with CRLF line ends.
    if (line.ends_with('\r')) {
      line.remove_suffix(1);
    }
    if (!line.empty()) {
      lines.push_back(line);
    }
  }
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  return lines;
}

}  // namespace

domain::CommonPasswords
common_passwords()
{
  static const std::vector<std::string_view> k_list = sorted_lines(detail::common_passwords_text());
  return k_list;
}

}  // namespace infertrack::security
