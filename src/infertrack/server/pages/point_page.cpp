#include "infertrack/server/pages/point_page.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/server/pages/comment_section.hpp"
#include "infertrack/server/pages/page_format.hpp"
#include "infertrack/server/pages/page_renderer.hpp"
#include "infertrack/server/pages/point_view.hpp"

namespace infertrack::server::pages {
namespace {

using kainjow::mustache::data;

std::string
field_text(const nlohmann::json& value)
{
  if (value.is_null()) {
    return "";
  }
  if (value.is_string()) {
    return value.get<std::string>();
  }
  // Numbers keep the API's full precision here: this table is the exact record.
  return value.dump();
}

// The unit of a numeric field, by its name as the API gives it ("" for a count or a label): the table shows raw
// values, and a bare 38655.26 or 0.71 says nothing of what it measures.
std::string_view
field_unit(std::string_view name)
{
  if (name.starts_with("tps.")) {
    return "tok/s, all GPUs of the run";
  }
  if (name == "derived_output_tps_per_decode_gpu") {
    return "tok/s per decode GPU";
  }
  if (name.starts_with("tps_per_gpu.") || name.starts_with("tps_per_allocated_gpu.") ||
      name == "isolated_uncached_prefill_tps_per_gpu") {
    return "tok/s/GPU";
  }
  if (name == "interactivity.value" || name.starts_with("interactivity_")) {
    return "tok/s/user";
  }
  if (name.starts_with("tokens.") || name == "isl" || name == "osl" || name == "context_limit_tokens") {
    return "tokens";
  }
  if (name.starts_with("cache_hit_rates.")) {
    return "fraction of tokens (0 to 1)";
  }
  if (name.ends_with("_gpus")) {
    return "GPUs";
  }
  if (name == "concurrency") {
    return "concurrent users";
  }
  return "";
}

// Nested objects become dotted names ("tps_per_gpu.total"), sorted by name as the JSON object keeps them.
void
flatten(const nlohmann::json& object, const std::string& prefix, data& rows)
{
  for (const auto& [key, value] : object.items()) {
    const std::string name = prefix.empty() ? key : prefix + "." + key;
    if (value.is_object()) {
      flatten(value, name, rows);
      continue;
    }
    if (key == "notes" && prefix.empty()) {
      continue; // listed with their kinds above the table
    }
    data row;
    row.set("name", name);
    const std::string text = value.is_array() ? value.dump() : field_text(value);
    const std::optional<std::string> link = name.ends_with("_url") ? safe_link(text) : std::nullopt;
    row.set("value", link.value_or(text));
    row.set("is_link", link.has_value());
    const std::string_view unit = value.is_number() ? field_unit(name) : std::string_view();
    row.set("has_unit", !unit.empty());
    row.set("unit", std::string(unit));
    rows.push_back(row);
  }
}

}  // namespace

std::optional<std::string>
render_point_page(store::Store& store, std::string_view result_id)
{
  const std::optional<domain::BenchmarkPoint> point = store.point(result_id);
  if (!point) {
    return std::nullopt;
  }
  data body = point_view(*point);
  body.set("result_id_url", percent_encode_segment(point->result_id));
  const std::optional<std::string> run_link = safe_link(point->run_url);
  body.set("has_run_link", run_link.has_value());
  body.set("run_link", run_link.value_or(""));
  body.set("run_text", point->run_url.value_or("not given"));
  // Without a run link, the page the source published the result on is where it leads back to.
  const std::optional<std::string> source_link = safe_link(point->source_url);
  body.set("has_source_link", !run_link && source_link.has_value());
  body.set("source_link", source_link.value_or(""));
  body.set("has_image", point->image.has_value());
  body.set("image", point->image.value_or(""));
  body.set("users", point->concurrency == 1 ? "concurrent user" : "concurrent users");

  data notes{data::type::list};
  for (const domain::PointNote& note : point->notes) {
    data item;
    item.set("kind", note.kind);
    item.set("text", note.text);
    notes.push_back(item);
  }
  body.set("notes", notes);
  data findings{data::type::list};
  for (const domain::DataFinding& finding : store.findings(point->result_id)) {
    data item;
    item.set("kind", domain::to_string(finding.kind));
    item.set("detail", finding.detail);
    findings.push_back(item);
  }
  body.set("findings", findings);
  data fields{data::type::list};
  flatten(app::to_json(*point), "", fields);
  body.set("fields", fields);
  body.set("comment_section", render_comment_section("point:" + point->result_id, "Discussion of this result", CommentScript::with_section));

  const PageFrame frame{"Result " + point->result_id + ": " + point->model + " on " + point->hardware,
                        "Every recorded field of benchmark result " + point->result_id + ".",
                        PageScripts::none};
  return render_page(frame, "point.mustache", body);
}

std::string
render_not_found_page(std::string_view message)
{
  data body;
  body.set("heading", "Not found");
  body.set("message", std::string(message));
  return render_page(PageFrame{"Not found: InferTrack", "Nothing is stored at this address.", PageScripts::none},
                     "not_found.mustache", body);
}

}  // namespace infertrack::server::pages
