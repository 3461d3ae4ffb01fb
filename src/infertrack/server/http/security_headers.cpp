#include "infertrack/server/http/security_headers.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <algorithm>

namespace infertrack::server::http {
namespace {

// JSON, text, CSV and error answers are data, never documents: shown in a browser tab, nothing in them may run,
// load or frame them.
constexpr std::string_view k_data_security_policy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
constexpr std::string_view k_referrer_policy = "same-origin";

bool
sets(const Response& response, std::string_view name)
{
  return std::any_of(response.headers.begin(), response.headers.end(),
                     [name](const auto& field) { return util::ascii_iequals(field.first, name); });
}

}  // namespace

std::vector<HeaderField>
missing_security_headers(const Response& response)
{
  std::vector<HeaderField> missing;
  if (!sets(response, "Content-Security-Policy")) {
    missing.emplace_back("Content-Security-Policy", k_data_security_policy);
    // Only with the policy it stands for: an answer whose own policy lets other sites frame it (the embed) keeps that.
    if (!sets(response, "X-Frame-Options")) {
      missing.emplace_back("X-Frame-Options", "DENY");
    }
  }
  if (!sets(response, "Referrer-Policy")) {
    missing.emplace_back("Referrer-Policy", k_referrer_policy);
  }
  return missing;
}

}  // namespace infertrack::server::http
