#include "infertrack/cli/filter_options.hpp"

#include "infertrack/cli/command_context.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/util/iso_date.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace infertrack::cli {

std::optional<std::string>
checked_date(const std::optional<std::string>& date, const char* flag)
{
  if (date && !util::is_iso_date(*date)) {
    throw UsageError(std::string(flag) + ": expected a date as YYYY-MM-DD (got '" + *date + "')");
  }
  return date;
}

store::PointFilter
FilterFlags::to_filter() const
{
  store::PointFilter filter;
  filter.model = model;
  filter.hardware = hardware;
  filter.framework = framework;
  filter.precision = precision;
  filter.spec_method = spec_method;
  if (disaggregated) {
    if (*disaggregated != "true" && *disaggregated != "false") {
      throw UsageError("--disaggregated: expected true or false (got '" + *disaggregated + "')");
    }
    filter.disaggregated = *disaggregated == "true";
  }
  if (auto names = app::check_filter_names(filter); !names) {
    throw_usage(names.error());
  }
  filter.date = checked_date(date, "--date");
  filter.as_of = checked_date(as_of, "--as-of");
  if (auto dates = app::check_filter_dates(filter); !dates) {
    throw_usage(dates.error());
  }
  return app::canonical_filter(std::move(filter));
}

namespace {

const char*
model_requirement(ModelFlag model)
{
  switch (model) {
    case ModelFlag::required:
      return " (required)";
    case ModelFlag::required_with_at:
      return " (required with --at)";
    case ModelFlag::required_but_for_points:
      return " (required but for points, and plans by --point)";
    case ModelFlag::optional:
      break;
  }
  return "";
}

}  // namespace

void
add_filter_options(CLI::App& command, FilterFlags& flags, ModelFlag model)
{
  command.add_option("--model", flags.model,
                     fmt::format("Model{}, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)",
                                 model_requirement(model)));
  command.add_option("--hardware", flags.hardware, "GPU, e.g. gb200, mi355x");
  command.add_option("--framework", flags.framework, "Serving engine, e.g. vllm, sglang, dynamo-vllm");
  command.add_option("--precision", flags.precision, "Precision label, e.g. fp4, fp8");
  command.add_option("--spec-method", flags.spec_method, "Speculative decoding: none, mtp, draft_model");
  command.add_option("--disaggregated", flags.disaggregated, "true: prefill/decode split only; false: aggregated only");
  command.add_option("--date", flags.date, "Only the run of this date (YYYY-MM-DD)");
  command.add_option("--as-of", flags.as_of, "The tracker as it stood on this date (YYYY-MM-DD)");
}

void
require_stored_names(store::Store& store, const store::PointFilter& filter)
{
  const std::optional<app::UnstoredName> unstored = app::unstored_name(store, filter);
  if (!unstored) {
    return;
  }
  std::string flag = "--" + unstored->parameter;
  std::replace(flag.begin(), flag.end(), '_', '-');
  std::string what = unstored->parameter;
  std::replace(what.begin(), what.end(), '_', ' ');
  throw UsageError(flag + ": " + app::unstored_text(*unstored, what));
}

}  // namespace infertrack::cli
