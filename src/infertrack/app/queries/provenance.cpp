#include "infertrack/app/queries/provenance.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/util/csv_field.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace infertrack::app {
namespace {

// A comment line ends at the line break: any break inside a value becomes a space.
std::string
one_line(std::string text)
{
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return text;
}

// "id (12.5 tok/s/user, 3400 tok/s/GPU); ..."
std::string
knots_text(const std::vector<domain::FrontierKnot>& knots)
{
  std::string text;
  for (const domain::FrontierKnot& knot : knots) {
    text += text.empty() ? "" : "; ";
    text += fmt::format("{} ({:g} tok/s/user, {:g} tok/s/GPU)", knot.result_id, knot.interactivity, knot.throughput);
  }
  return text.empty() ? "none" : text;
}

std::string
constants_text(const ConstantsProvenance& constants)
{
  const domain::HardwareCost& cost = constants.cost;
  std::vector<std::string> overridden;
  if (constants.cost_overridden) {
    overridden.emplace_back("cost");
  }
  if (constants.power_overridden) {
    overridden.emplace_back("power");
  }
  if (constants.rack_overridden) {
    overridden.emplace_back("gpus per rack");
  }
  std::string text = fmt::format("{} ({}): ${:g}/GPU-hour, {:g} kW/GPU, {} GPUs/rack, effective {}, source {}",
                                 cost.hardware,
                                 cost.name,
                                 cost.cost_per_gpu_hour,
                                 cost.kw_per_gpu,
                                 cost.gpus_per_rack ? std::to_string(*cost.gpus_per_rack) : "unknown",
                                 cost.effective_date.empty() ? "none" : cost.effective_date,
                                 cost.source_url.value_or("none"));
  for (std::size_t i = 0; i < overridden.size(); ++i) {
    text += (i == 0 ? "; overridden: " : ", ") + overridden[i];
  }
  return text;
}

std::string
value_text(const nlohmann::json& value)
{
  if (value.is_object()) {
    // Figures by hardware, written as the flag takes them: gb200=72,mi355x=8.
    std::string pairs;
    for (const auto& [key, entry] : value.items()) {
      pairs += (pairs.empty() ? "" : ",") + key + "=" + value_text(entry);
    }
    return pairs;
  }
  return value.is_string() ? value.get<std::string>() : value.dump();
}

}  // namespace

std::string
export_comment_line(std::string_view key, const std::string& value)
{
  // Values come from stored names and the query (a link can carry any filter): no cell of the line may run.
  return util::guarded_comment_line(fmt::format("# {}: {}", key, one_line(value))) + "\n";
}

nlohmann::json
to_json(const Provenance& provenance)
{
  nlohmann::json runs = nlohmann::json::array();
  for (const RunProvenance& run : provenance.runs) {
    nlohmann::json knots = nullptr;
    if (run.knots) {
      knots = nlohmann::json::array();
      for (const domain::FrontierKnot& knot : *run.knots) {
        knots.push_back(to_json(knot));
      }
    }
    runs.push_back({{"configuration", run.configuration}, {"run_date", run.run_date}, {"knots", std::move(knots)}});
  }
  nlohmann::json brackets = nlohmann::json::array();
  for (const BracketProvenance& bracket : provenance.brackets) {
    brackets.push_back({{"configuration", bracket.configuration},
                        {"run_date", bracket.run_date},
                        {"state", bracket.state},
                        {"lower_result_id", optional_json(bracket.lower_result_id)},
                        {"upper_result_id", optional_json(bracket.upper_result_id)}});
  }
  nlohmann::json constants = nlohmann::json::array();
  for (const ConstantsProvenance& entry : provenance.constants) {
    nlohmann::json json = to_json(entry.cost);
    json["cost_overridden"] = entry.cost_overridden;
    json["power_overridden"] = entry.power_overridden;
    json["gpus_per_rack_overridden"] = entry.rack_overridden;
    constants.push_back(std::move(json));
  }
  return {{"kind", provenance.kind},
          {"tracker_version", provenance.tracker_version},
          {"generated_at", provenance.generated_at},
          {"as_of", provenance.as_of},
          {"query", provenance.query},
          {"runs", std::move(runs)},
          {"brackets", std::move(brackets)},
          {"constants", std::move(constants)}};
}

std::string
provenance_comments(const Provenance& provenance)
{
  std::string text = export_comment_line("infertrack export", provenance.kind);
  text += export_comment_line("tracker_version", provenance.tracker_version);
  text += export_comment_line("generated_at", provenance.generated_at);
  text += export_comment_line("as_of", provenance.as_of);
  for (const auto& [name, value] : provenance.query.items()) {
    text += export_comment_line("query." + name, value_text(value));
  }
  for (const RunProvenance& run : provenance.runs) {
    text += export_comment_line("run", run.knots ? fmt::format("{} @ {}: knots {}", run.configuration, run.run_date,
                                                   knots_text(*run.knots))
                                     : fmt::format("{} @ {}", run.configuration, run.run_date));
  }
  for (const BracketProvenance& bracket : provenance.brackets) {
    std::string ids = bracket.lower_result_id.value_or("none");
    if (bracket.upper_result_id) {
      ids += " .. " + *bracket.upper_result_id;
    }
    text += export_comment_line("bracket", fmt::format("{} @ {}: {} {}", bracket.configuration, bracket.run_date, bracket.state, ids));
  }
  for (const ConstantsProvenance& constants : provenance.constants) {
    text += export_comment_line("constants", constants_text(constants));
  }
  return text;
}

}  // namespace infertrack::app
