#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace infertrack::server::pages {

// `value` rounded to `decimals` digits after the point, thousands grouped with commas ("156,095.3").
std::string format_number(double value, int decimals);

// `value` like format_number() but always signed ("+1,204", "-56.2"), for differences.
std::string format_signed(double value, int decimals);

// A throughput in tok/s/GPU with the precision a reader needs: no decimals from 100 up, one below.
std::string format_throughput(double tps_per_gpu);

// Dollars as the CLI writes them (util::small_figure): "$0.00143", "$0.0328", "$1.50". A price per million tokens
// can be a fraction of a cent, which a fixed number of decimals rounds away.
std::string format_dollars(double dollars);

// `url` when it is an absolute http or https URL, else nothing. Links come from data files, and a
// "javascript:" or relative URL must never become a clickable link on the page.
std::optional<std::string> safe_link(const std::optional<std::string>& url);

// `text` percent-encoded for use as one URL path segment: only unreserved characters stay as they are,
// so an id holding "/", "?", "#" or ".." still links to its own page.
std::string percent_encode_segment(std::string_view text);

// `json` serialised for the body of a <script type="application/json"> element: '<', '>' and '&' become
// \u escapes (they only ever occur inside JSON strings, where the escape means the same), so the text
// can neither close the element nor open a comment; non-ASCII is escaped too, U+2028 included.
std::string script_safe_json(const nlohmann::json& json);

}  // namespace infertrack::server::pages
