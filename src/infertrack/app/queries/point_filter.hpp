#pragma once

#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::app {

// `filter` with its names canonicalised (model, hardware, framework and precision aliases), so that a
// filter typed as "dsv4" or "nvfp4" matches what the store holds.
store::PointFilter canonical_filter(store::PointFilter filter);

// Fails (naming `date`) when the filter's run date is after its as-of date: no run could match, and an empty
// answer would look like missing data.
util::Result<void> check_filter_dates(const store::PointFilter& filter);

// Fails (naming the parameter, e.g. `spec_method`) when a name filter is empty or holds a control character: it would
// match nothing, and is a slip (for leaving the filter out, or of the keyboard).
util::Result<void> check_filter_names(const store::PointFilter& filter);

// The filters `filter` sets, by their API parameter names: {"model": "...", "as_of": "...", ...}.
nlohmann::json filter_json(const store::PointFilter& filter);

// The filters in words, as the page says what a table holds: "DeepSeek-V4-Pro, mi355x, as of 2026-05-04".
std::string filter_summary(const store::PointFilter& filter);

// Whether any point of `model` is stored, so that a query naming an unknown model is told so rather than answered
// with nothing. A look-up in the stored configurations' names.
bool model_is_stored(store::Store& store, const std::string& model);

// A name a filter gives that no stored point has (most likely a typing slip), with the names that are stored.
struct UnstoredName
{
  std::string parameter;            // the filter's API name: "model", "hardware", "framework", "precision", "spec_method"
  std::string name;                 // as the filter gives it
  std::vector<std::string> stored;  // that parameter's stored names, sorted
  std::optional<std::string> store::PointFilter::*field = nullptr; // the filter's member, to leave it out
};

// "no stored points for <what> 'h100' (stored: gb200, mi355x)", `what` naming the filter in its caller's words.
std::string unstored_text(const UnstoredName& unstored, std::string_view what);

// The first of `filter`'s model, hardware, framework, precision and speculative-decoding names that no stored point
// has, looked up on its own (whatever dates the filter asks for), or nullopt.
std::optional<UnstoredName> unstored_name(store::Store& store, const store::PointFilter& filter);

}  // namespace infertrack::app
