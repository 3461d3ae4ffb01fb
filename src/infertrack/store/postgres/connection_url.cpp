#include "infertrack/store/postgres/connection_url.hpp"

#include <array>

namespace infertrack::store::postgres {
namespace {

constexpr std::array<std::string_view, 2> k_schemes = {"postgresql://", "postgres://"};
constexpr std::string_view k_hidden = "***";

// Where a URL's parts lie: [begin, end) offsets into the text.
struct UrlParts
{
  std::size_t authority_begin = 0;
  std::size_t authority_end = 0;
  std::size_t query_begin = std::string_view::npos; // just after '?'
  std::size_t query_end = 0;
};

UrlParts
parts_of(std::string_view url)
{
  UrlParts parts;
  const std::size_t scheme_end = url.find("://");
  parts.authority_begin = scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  parts.authority_end = url.find_first_of("/?#", parts.authority_begin);
  if (parts.authority_end == std::string_view::npos) {
    parts.authority_end = url.size();
  }
  const std::size_t question = url.find('?', parts.authority_end);
  if (question != std::string_view::npos) {
    parts.query_begin = question + 1;
    const std::size_t hash = url.find('#', parts.query_begin);
    parts.query_end = hash == std::string_view::npos ? url.size() : hash;
  }
  return parts;
}

// The [begin, end) of the password in the user information ("user:password@host"), or an empty range.
std::pair<std::size_t, std::size_t>
userinfo_password(std::string_view url, const UrlParts& parts)
{
  const std::string_view authority = url.substr(parts.authority_begin, parts.authority_end - parts.authority_begin);
  // The last '@': a password may hold one, percent-encoded or not.
  const std::size_t at = authority.rfind('@');
  if (at == std::string_view::npos) {
    return {0, 0};
  }
  const std::size_t colon = authority.substr(0, at).find(':');
  if (colon == std::string_view::npos) {
    return {0, 0};
  }
  return {parts.authority_begin + colon + 1, parts.authority_begin + at};
}

// The [begin, end) of each `password=` value in the query.
template<typename Visit>
void
for_each_query_password(std::string_view url, const UrlParts& parts, Visit visit)
{
  if (parts.query_begin == std::string_view::npos) {
    return;
  }
  std::size_t begin = parts.query_begin;
  while (begin < parts.query_end) {
    std::size_t end = url.find('&', begin);
    if (end == std::string_view::npos || end > parts.query_end) {
      end = parts.query_end;
    }
    const std::string_view pair = url.substr(begin, end - begin);
    constexpr std::string_view k_key = "password=";
    if (pair.starts_with(k_key)) {
      visit(begin + k_key.size(), end);
    }
    begin = end + 1;
  }
}

}  // namespace

bool
is_postgres_url(std::string_view location)
{
  for (const std::string_view scheme : k_schemes) {
    if (location.starts_with(scheme)) {
      return true;
    }
  }
  return false;
}

std::string
redacted_url(std::string_view url)
{
  const UrlParts parts = parts_of(url);
  std::string out;
  std::size_t copied = 0;
  const auto hide = [&](std::size_t begin, std::size_t end) {
    out.append(url.substr(copied, begin - copied));
    out.append(k_hidden);
    copied = end;
  };
  if (const auto [begin, end] = userinfo_password(url, parts); end > begin) {
    hide(begin, end);
  }
  for_each_query_password(url, parts, hide);
  out.append(url.substr(copied));
  return out;
}

std::string
without_passwords(std::string message, std::string_view url)
{
  const UrlParts parts = parts_of(url);
  const auto scrub = [&](std::size_t begin, std::size_t end) {
    const std::string_view password = url.substr(begin, end - begin);
    for (std::size_t at = message.find(password); at != std::string::npos;
         at = message.find(password, at + k_hidden.size())) {
      message.replace(at, password.size(), k_hidden);
    }
  };
  if (const auto [begin, end] = userinfo_password(url, parts); end > begin) {
    scrub(begin, end);
  }
  for_each_query_password(url, parts, [&](std::size_t begin, std::size_t end) {
    if (end > begin) {
      scrub(begin, end);
    }
  });
  return message;
}

}  // namespace infertrack::store::postgres
