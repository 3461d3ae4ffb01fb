#include "infertrack/server/pages/headline_view.hpp"

#include "infertrack/server/pages/page_format.hpp"

#include <string>
#include <vector>

namespace infertrack::server::pages {
namespace {

using kainjow::mustache::data;

// Result-id links; `last` is set on every item so that a section inside never falls back to an outer
// value of the same name.
data
bracket_links(const std::vector<std::string>& ids)
{
  data list{data::type::list};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    data item;
    item.set("id", ids[i]);
    item.set("id_url", percent_encode_segment(ids[i]));
    item.set("last", i + 1 == ids.size());
    list.push_back(item);
  }
  return list;
}

data
flag_list(const domain::PublishedHeadline& published)
{
  std::vector<std::string> texts;
  if (published.interpolated) {
    texts.emplace_back("The published figure is itself read off a spline between two measured results, "
                       "not a measurement.");
  }
  if (published.extra_disagg_factor_in_overview) {
    texts.emplace_back("The source's overview divides this figure by an extra disaggregation (prefill plus "
                       "decode) factor, so it is not comparable with the per-GPU values elsewhere.");
  }
  if (!published.use_as_decode_tps) {
    texts.emplace_back("Total (input plus output) logical tokens per GPU: do not read it as decode "
                       "throughput.");
  }
  data list{data::type::list};
  for (std::string& text : texts) {
    list.push_back(data("text", std::move(text)));
  }
  return list;
}

}  // namespace

const char*
state_label(domain::InterpolationState state)
{
  switch (state) {
    case domain::InterpolationState::exact: return "measured";
    case domain::InterpolationState::interpolated: return "interpolated";
    case domain::InterpolationState::clamped_low: return "lower bound";
    case domain::InterpolationState::unreachable: return "unreachable";
  }
  return "unknown";
}

namespace {

// The findings about a value, for listing beside it.
data
finding_items(std::span<const domain::DataFinding> findings)
{
  data items{data::type::list};
  for (const domain::DataFinding& finding : findings) {
    data item;
    item.set("kind", domain::to_string(finding.kind));
    item.set("detail", finding.detail);
    items.push_back(item);
  }
  return items;
}

}  // namespace

bool
about_a_later_run(const domain::HeadlineComparison& comparison, const std::optional<std::string>& as_of)
{
  return as_of && comparison.run_date && *comparison.run_date > *as_of;
}

data
headline_cards(std::span<const domain::HeadlineComparison> comparisons, const std::optional<std::string>& as_of)
{
  constexpr int k_percent_decimals = 2;
  data cards{data::type::list};
  for (const domain::HeadlineComparison& comparison : comparisons) {
    const domain::PublishedHeadline& published = comparison.published;
    data card;
    card.set("label", published.label);
    card.set("model", published.model);
    card.set("run_date", comparison.run_date.value_or(""));
    card.set("after_as_of", about_a_later_run(comparison, as_of));
    card.set("published", format_throughput(published.total_tps_per_gpu));
    card.set("published_interpolated", published.interpolated);
    card.set("has_computed", comparison.computed.throughput.has_value());
    card.set("computed", comparison.computed.throughput ? format_throughput(*comparison.computed.throughput) : "");
    card.set("state", domain::to_string(comparison.computed.state));
    card.set("state_label", state_label(comparison.computed.state));
    const bool has_difference = comparison.difference && comparison.relative_difference;
    card.set("has_difference", has_difference);
    card.set("difference", has_difference ? format_signed(*comparison.difference, 0) : "");
    card.set("relative_difference",
             has_difference ? format_signed(*comparison.relative_difference * 100, k_percent_decimals) + "%" : "");
    card.set("has_brackets", !published.bracket_result_ids.empty());
    card.set("brackets", bracket_links(published.bracket_result_ids));
    card.set("has_configuration", comparison.curve_label.has_value());
    card.set("configuration", comparison.curve_label.value_or(""));
    data flags = flag_list(published);
    card.set("has_flags", !flags.is_empty_list());
    card.set("flags", flags);
    card.set("has_findings", !comparison.findings.empty());
    card.set("findings", finding_items(comparison.findings));
    cards.push_back(card);
  }
  return cards;
}

data
interpolation_table(std::span<const app::InterpolationRow> rows)
{
  data table{data::type::list};
  for (const app::InterpolationRow& row : rows) {
    data item;
    item.set("configuration", row.curve.group.label());
    item.set("state", domain::to_string(row.value.state));
    item.set("state_label", state_label(row.value.state));
    item.set("value", row.value.throughput ? format_throughput(*row.value.throughput) : "none");
    std::vector<std::string> ids;
    if (row.value.lower_result_id) {
      ids.push_back(*row.value.lower_result_id);
    }
    if (row.value.upper_result_id) {
      ids.push_back(*row.value.upper_result_id);
    }
    item.set("brackets", bracket_links(ids));
    item.set("has_findings", !row.findings.empty());
    item.set("findings", finding_items(row.findings));
    // A lower bound on the throughput (clamped_low) is an upper bound on what a token costs.
    const char* at_most = row.value.state == domain::InterpolationState::clamped_low ? "≤ " : "";
    item.set("cost_per_million",
             row.efficiency ? at_most + format_dollars(row.efficiency->cost_per_million_tokens) : "n/a");
    table.push_back(item);
  }
  return table;
}

}  // namespace infertrack::server::pages
