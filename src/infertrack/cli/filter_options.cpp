#include "infertrack/cli/filter_options.hpp"

#include "infertrack/cli/command_context.hpp"
#include "infertrack/domain/name_aliases.hpp"

#include <regex>

namespace infertrack::cli {
namespace {

std::optional<std::string>
checked_date(const std::optional<std::string>& date, const char* flag)
{
  static const std::regex k_iso_date(R"(\d{4}-\d{2}-\d{2})");
  if (date && !std::regex_match(*date, k_iso_date)) {
    throw UsageError(std::string(flag) + ": expected a date as YYYY-MM-DD (got '" + *date + "')");
  }
  return date;
}

}  // namespace

store::PointFilter
FilterFlags::to_filter() const
{
  store::PointFilter filter;
  if (model) {
    filter.model = domain::canonical_model(*model);
  }
  if (hardware) {
    filter.hardware = domain::canonical_hardware(*hardware);
  }
  if (framework) {
    filter.framework = domain::canonical_framework(*framework);
  }
  if (precision) {
    filter.precision = domain::canonical_precision(*precision);
  }
  filter.spec_method = spec_method;
  if (disaggregated) {
    if (*disaggregated != "true" && *disaggregated != "false") {
      throw UsageError("--disaggregated: expected true or false (got '" + *disaggregated + "')");
    }
    filter.disaggregated = *disaggregated == "true";
  }
  filter.date = checked_date(date, "--date");
  filter.as_of = checked_date(as_of, "--as-of");
  return filter;
}

void
add_filter_options(CLI::App& command, FilterFlags& flags)
{
  command.add_option("--model", flags.model, "Model, e.g. DeepSeek-V4-Pro (aliases such as dsv4 accepted)");
  command.add_option("--hardware", flags.hardware, "GPU, e.g. gb200, mi355x");
  command.add_option("--framework", flags.framework, "Serving engine, e.g. vllm, sglang, dynamo-vllm");
  command.add_option("--precision", flags.precision, "Precision label, e.g. fp4, fp8");
  command.add_option("--spec-method", flags.spec_method, "Speculative decoding: none, mtp, draft_model");
  command.add_option("--disaggregated", flags.disaggregated, "true: prefill/decode split only; false: aggregated only");
  command.add_option("--date", flags.date, "Only the run of this date (YYYY-MM-DD)");
  command.add_option("--as-of", flags.as_of, "The tracker as it stood on this date (YYYY-MM-DD)");
}

}  // namespace infertrack::cli
