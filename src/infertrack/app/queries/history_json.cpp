#include "infertrack/app/queries/history_json.hpp"

#include "infertrack/app/queries/json_members.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/util/json_writer.hpp"

#include <fmt/core.h>

namespace infertrack::app {
namespace {

using util::JsonWriter;

// An object whose members json_members.hpp names.
template<typename Value>
void
write_members(JsonWriter& json, const Value& value)
{
  json.begin_object();
  for_each_member(value, [&](const char* name, const auto& member) {
    json.key(name);
    json.value(member);
  });
  json.end_object();
}

void
write_knot(JsonWriter& json, const std::optional<domain::FrontierKnot>& knot)
{
  if (knot) {
    write_members(json, *knot);
  } else {
    json.null();
  }
}

void
write_factor(JsonWriter& json, const std::optional<domain::ImprovementFactor>& factor)
{
  if (!factor) {
    json.null();
    return;
  }
  json.begin_object();
  json.member("from_date", factor->from_date);
  json.member("to_date", factor->to_date);
  json.member("from_state", domain::to_string(factor->from_state));
  json.member("to_state", domain::to_string(factor->to_state));
  json.member("factor", factor->factor);
  json.key("bound");
  if (factor->factor) {
    json.value(domain::to_string(factor->bound));
  } else {
    json.null();
  }
  json.end_object();
}

void
write_point(JsonWriter& json, const domain::HistorySeries& series, const domain::HistoryPoint& point, double target)
{
  json.begin_object();
  json.member("date", point.date);
  json.member("days_since_launch", point.days_since_launch);
  json.key("value");
  write_members(json, point.value);
  json.member("gap_reason", gap_reason(series, point, target));
  json.key("lower");
  write_knot(json, point.lower);
  json.key("upper");
  write_knot(json, point.upper);
  // A run with no point at the series' basis and metric measured no range: null, not 0.
  const bool measured = point.frontier_size > 0;
  json.key("slowest_interactivity");
  measured ? json.value(point.slowest_interactivity) : json.null();
  json.key("fastest_interactivity");
  measured ? json.value(point.fastest_interactivity) : json.null();
  json.member("frontier_size", point.frontier_size);
  json.member("run_url", point.run_url);
  json.member("precision", point.precision);
  json.key("since_first");
  write_factor(json, point.since_first);
  json.end_object();
}

void
write_row(JsonWriter& json, const HistoryRow& row, double target)
{
  const domain::HistorySeries& series = row.series;
  json.begin_object();
  // Once per row: the shared identity fields, each as json_views writes it (its escapes are nlohmann's).
  const nlohmann::json configuration = to_json(series.configuration);
  for (const auto& [name, member] : configuration.items()) {
    json.key(name);
    json.raw_value(member.dump());
  }
  json.member("interactivity_basis", domain::to_string(series.basis));
  json.member("metric", domain::to_string(series.metric));
  json.key("points");
  json.begin_array();
  // The latest factor against the first measurement: how far the configuration has come (none when it
  // was measured at the target only once).
  const std::optional<domain::ImprovementFactor>* since_first = nullptr;
  for (const domain::HistoryPoint& point : series.points) {
    write_point(json, series, point, target);
    if (point.since_first && point.since_first->factor && point.since_first->from_date != point.date) {
      since_first = &point.since_first;
    }
  }
  json.end_array();
  json.key("since_first");
  if (since_first) {
    write_factor(json, *since_first);
  } else {
    json.null();
  }
  json.key("between");
  write_factor(json, row.between);
  json.end_object();
}

void
write_rows(JsonWriter& json, std::span<const HistoryRow> rows, double target)
{
  json.begin_array();
  for (const HistoryRow& row : rows) {
    write_row(json, row, target);
  }
  json.end_array();
}

}  // namespace

std::optional<std::string>
gap_reason(const domain::HistorySeries& series, const domain::HistoryPoint& point, double target)
{
  if (point.value.state != domain::InterpolationState::unreachable) {
    return std::nullopt;
  }
  if (point.frontier_size == 0) {
    return fmt::format("no point of this run has a {} interactivity with {}", domain::to_string(series.basis),
                       domain::throughput_phrase(series.metric));
  }
  return fmt::format("target {:g} tok/s/user is above the fastest measured interactivity {:g} tok/s/user",
                     target,
                     point.fastest_interactivity);
}

std::string
history_rows_json(std::span<const HistoryRow> rows, double target)
{
  std::string text;
  JsonWriter json(text);
  write_rows(json, rows, target);
  return text;
}

std::string
history_json(const HistoryQuery& query, const HistoryAnswer& answer, int indent)
{
  std::string text;
  JsonWriter json(text, indent);
  json.begin_object();
  json.member("model", query.filter.model);
  json.member("target_interactivity", query.options.target);
  json.member("launch_date", query.options.launch_date);
  json.member("metric", domain::to_string(query.options.metric));
  json.member("from", query.from);
  json.member("to", query.to);
  json.member("configurations", answer.configurations);
  json.member("offset", query.offset);
  json.member("limit", query.limit);
  json.key("next_offset");
  const std::size_t end = query.offset + answer.rows.size();
  if (!answer.rows.empty() && end < answer.configurations) {
    json.value(end);
  } else {
    json.null();
  }
  json.key("rows");
  write_rows(json, answer.rows, query.options.target);
  json.end_object();
  text += '\n';
  return text;
}

}  // namespace infertrack::app
