#pragma once

#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/interpolation.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::app {

// One configuration's run an export read, and the frontier knots taken from it (all of the frontier for
// frontiers and interpolations; for a history run, the knots bracketing its value).
struct RunProvenance
{
  std::string configuration; // the group label, without the date
  std::string run_date;
  // The frontier knots read; nullopt when none were read (a listing of points, a plan on one point), which is not a
  // frontier without knots.
  std::optional<std::vector<domain::FrontierKnot>> knots;
};

// The measured results a value was read between, so that a reader can look them up.
struct BracketProvenance
{
  std::string configuration;
  std::string run_date;
  std::string state; // an InterpolationState, or "measured" for a plan on one result id
  std::optional<std::string> lower_result_id;
  std::optional<std::string> upper_result_id;
};

// A cost/power entry a figure was computed with, and which of its numbers the query overrode.
struct ConstantsProvenance
{
  domain::HardwareCost cost;
  bool cost_overridden = false;
  bool power_overridden = false;
  bool rack_overridden = false;

  bool operator==(const ConstantsProvenance&) const = default;
};

// Where an export's rows came from: enough to reproduce them or to see why they changed since.
struct Provenance
{
  std::string kind;            // points, frontiers, interpolations, history, plans
  std::string tracker_version; // as `infertrack --version` prints it
  std::string generated_at;    // ISO 8601 UTC
  std::string as_of;           // YYYY-MM-DD, or "latest"
  nlohmann::json query = nlohmann::json::object(); // the filters and parameters asked, by parameter name
  std::vector<RunProvenance> runs;
  std::vector<BracketProvenance> brackets;
  std::vector<ConstantsProvenance> constants;
};

// The provenance object of a JSON export.
nlohmann::json to_json(const Provenance& provenance);

// One leading line of a CSV export, "# key: value\n", on one line and guarded against spreadsheet formulas.
std::string export_comment_line(std::string_view key, const std::string& value);

// The provenance as the leading lines of a CSV export: "# key: value", one fact a line, with knots,
// brackets and constants each on one line in a compact form. Values never break a line.
std::string provenance_comments(const Provenance& provenance);

}  // namespace infertrack::app
