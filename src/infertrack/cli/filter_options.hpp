#pragma once

#include "infertrack/store/store.hpp"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace infertrack::cli {

// The configuration-group filters that points, interpolate and plan share.
struct FilterFlags
{
  std::optional<std::string> model;
  std::optional<std::string> hardware;
  std::optional<std::string> framework;
  std::optional<std::string> precision;
  std::optional<std::string> spec_method;
  std::optional<std::string> disaggregated; // "true" / "false"
  std::optional<std::string> date;
  std::optional<std::string> as_of;

  // The store filter, with names canonicalised; throws UsageError for a malformed value.
  store::PointFilter to_filter() const;
};

// Whether a command cannot answer without --model (its help says so; the command checks it).
enum class ModelFlag
{
  optional,
  required,
  required_with_at,
  required_but_for_points, // export: every kind but points, and plans by point
};

void add_filter_options(CLI::App& command, FilterFlags& flags, ModelFlag model = ModelFlag::optional);

// Throws UsageError naming the flag when `filter` names a model, hardware, framework, precision or speculative
// decoding method that no stored point has, listing the stored ones: a slip, not a question with an empty answer.
void require_stored_names(store::Store& store, const store::PointFilter& filter);

// `date` when it is absent or a date YYYY-MM-DD; throws UsageError naming `flag` otherwise.
std::optional<std::string> checked_date(const std::optional<std::string>& date, const char* flag);

}  // namespace infertrack::cli
