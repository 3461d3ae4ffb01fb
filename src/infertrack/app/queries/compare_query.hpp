#pragma once

#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/app/queries/provenance.hpp"
#include "infertrack/domain/configuration_name.hpp"
#include "infertrack/domain/curve_comparison.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace infertrack::app {

inline constexpr double k_default_compare_target = 100; // tok/s/user
inline constexpr const char* k_default_compare_demand = "40T";

// "How do two configurations (or one on two dates) compare?": each named as domain::ConfigurationName reads it.
struct CompareQuery
{
  std::string a;
  std::string b;
  double at = k_default_compare_target;
  std::string demand = k_default_compare_demand;
  double utilization = k_default_utilization;
  std::optional<std::string> as_of; // a name without a date: its latest run on or before this day
  domain::CurveOptions curve;       // interactivity curves only
  FigureOverride cost_per_gpu_hour;
  FigureOverride kw_per_gpu;
  RackSizeOverride gpus_per_rack;
};

// Why a comparison was refused: a name no stored run answers (unknown), one that several configurations answer
// (ambiguous), or anything else wrong with the question (bad). The diagnostic's field names the parameter: a or b
// for the names.
enum class CompareRefusal
{
  bad,
  unknown,
  ambiguous,
};
struct CompareError
{
  CompareRefusal refusal = CompareRefusal::bad;
  util::Diagnostic diagnostic;
};

// One side of a comparison: the run its name resolved to, its curve with the points it was made of, its value at the
// target (as GET /api/v1/interpolate answers it) and its plan for the demand (as GET /api/v1/plan with `at` does).
struct CompareSide
{
  std::string asked; // the name as given
  domain::ConfigGroupKey group;
  FrontierAnswer frontier; // this run's points and its one curve
  InterpolationRow value;
  PlanAnswer plan;
};

struct CompareAnswer
{
  std::array<CompareSide, 2> sides;
  domain::ComparedValue at_target;
  std::vector<domain::ComparedValue> targets; // every 10 tok/s/user both cover
  std::vector<domain::SettingComparison> settings;
  Provenance provenance; // kind "compare": both runs with every knot, the brackets at the target, the plans' figures
};

// Resolves both names on the stored data and compares their runs.
tl::expected<CompareAnswer, CompareError> compare(store::Store& store, const CompareQuery& query);

// The answer as `compare --json` and GET /api/v1/compare give it: provenance, at, demand, a and b (each: name,
// canonical_name, configuration and the group's fields, run_date, curve (a FrontierCurve), value (an
// InterpolationRow), plan (a Plan)), at_target and targets ({target, a, b, ratio, ratio_bound}), settings ({setting,
// a, b, differs}).
nlohmann::json compare_json(const CompareAnswer& answer);

// The provenance lines, then one row per target (the asked target first, marked "target", then the shared ones):
// target, kind, a and b's value and state, ratio, ratio_bound.
std::string compare_csv(const CompareAnswer& answer);

// "infertrack-compare-<a>-vs-<b>.<extension>", safe as a file name.
std::string compare_file_name(const CompareAnswer& answer, const std::string& extension);

}  // namespace infertrack::app
