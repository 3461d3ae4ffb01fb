#include "infertrack/server/pages/atom_feed.hpp"

#include "infertrack/app/queries/changes_query.hpp"
#include "infertrack/domain/name_aliases.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <vector>

namespace infertrack::server::pages {
namespace {

// The tagging entity of every id (RFC 4151): a name and a date it was first used, never changed afterwards.
constexpr std::string_view k_tag_prefix = "tag:infertrack,2026:";
// A feed reader needs the recent entries only.
constexpr std::size_t k_max_entries = 200;

struct Entry
{
  std::string id;
  std::string updated; // YYYY-MM-DD
  std::string title;
  std::string link;
  std::string summary;
};

// A tag URI's specific part allows unreserved characters and '/': everything else is percent-encoded, so that any
// configuration name makes a valid, stable id.
std::string
tag_text(std::string_view text)
{
  std::string encoded;
  for (const unsigned char c : text) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
        c == '_' || c == '~' || c == '/') {
      encoded += static_cast<char>(c);
    } else {
      encoded += fmt::format("%{:02X}", c);
    }
  }
  return encoded;
}

// A query value in a link: the same encoding serves.
std::string
query_text(std::string_view text)
{
  std::string encoded = tag_text(text);
  std::string without_slash;
  for (const char c : encoded) {
    without_slash += c == '/' ? std::string("%2F") : std::string(1, c);
  }
  return without_slash;
}

std::string
timestamp(const std::string& date)
{
  return date + "T00:00:00Z";
}

std::vector<Entry>
entries_of(const app::ChangesAnswer& answer, const std::string& page_link)
{
  std::vector<Entry> entries;
  for (const app::ChangeRow& row : answer.findings()) {
    const domain::ChangeFinding& finding = *row.finding;
    const domain::RunComparison& comparison = *row.comparison;
    const std::string label = row.series->configuration.label();
    const std::string bound = finding.bound == domain::FactorBound::at_least  ? "at least "
                              : finding.bound == domain::FactorBound::at_most ? "at most "
                                                                              : "";
    std::string link = page_link;
    for (const domain::TargetChange& change : comparison.targets) {
      if (change.target == finding.at && change.later.lower_result_id) {
        link = "/points/" + query_text(*change.later.lower_result_id);
      }
    }
    entries.push_back({std::string(k_tag_prefix) + "change/" + tag_text(app::finding_key(row)),
                       comparison.later.date,
                       fmt::format("{} {}{:+.1f}%: {}", domain::to_string(finding.direction), bound, finding.percent,
                                   label),
                       link,
                       fmt::format("{} run of {} ({}) against the run of {} ({}): {}{:.2f}x at {:g} tok/s/user "
                                   "(throughput per GPU; {} targets past the threshold, {} compared).",
                                   comparison.later.date, label, comparison.later.precision, comparison.earlier.date,
                                   comparison.earlier.precision, bound, finding.ratio, finding.at,
                                   finding.targets.size(), comparison.targets.size())});
  }
  for (const app::RunStatus& run : answer.runs) {
    if (run.carried_over()) {
      continue; // no new numbers, no news
    }
    const std::string label = run.configuration.label();
    entries.push_back({std::string(k_tag_prefix) + "run/" + tag_text(label) + "/" + run.date,
                       run.date,
                       "New run: " + label + " " + run.date,
                       page_link,
                       fmt::format("{} points measured on {} ({} new, {} carried over from the run before){}.",
                                   run.points, run.date, run.new_points, run.points - run.new_points,
                                   run.image.empty() ? "" : ", image " + run.image)});
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const Entry& a, const Entry& b) { return a.updated > b.updated; });
  if (entries.size() > k_max_entries) {
    entries.resize(k_max_entries);
  }
  return entries;
}

}  // namespace

std::string
xml_escaped(std::string_view text)
{
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
          escaped += c;
        }
    }
  }
  return escaped;
}

std::string
render_atom_feed(store::Store& store, const http::Request& request)
{
  app::ChangesQuery query;
  query.join_precisions = true;
  std::string feed_id = std::string(k_tag_prefix) + "feed";
  std::string self = "/feed.atom";
  std::string page_link = "/#changes";
  std::string title = "InferTrack: new runs and changes";
  if (const auto model = request.query_value("model"); model && !model->empty()) {
    const std::string canonical = domain::canonical_model(*model);
    query.filter.model = canonical;
    feed_id += "/" + tag_text(canonical);
    self += "?model=" + query_text(canonical);
    page_link = "/?model=" + query_text(canonical) + "#changes";
    title += " of " + canonical;
  }
  const std::vector<Entry> entries = entries_of(app::changes(store, query), page_link);
  // The newest entry's day; a feed without entries dates from the epoch, so that it never seems to change.
  const std::string updated = entries.empty() ? "1970-01-01" : entries.front().updated;

  std::string xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n";
  xml += fmt::format("  <id>{}</id>\n  <title>{}</title>\n  <updated>{}</updated>\n", xml_escaped(feed_id),
                     xml_escaped(title), timestamp(updated));
  xml += "  <author><name>InferTrack</name></author>\n";
  xml += fmt::format("  <link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n", xml_escaped(self));
  xml += fmt::format("  <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n", xml_escaped(page_link));
  for (const Entry& entry : entries) {
    xml += fmt::format("  <entry>\n    <id>{}</id>\n    <title type=\"text\">{}</title>\n    <updated>{}</updated>\n"
                       "    <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n"
                       "    <summary type=\"text\">{}</summary>\n  </entry>\n",
                       xml_escaped(entry.id), xml_escaped(entry.title), timestamp(entry.updated),
                       xml_escaped(entry.link), xml_escaped(entry.summary));
  }
  xml += "</feed>\n";
  return xml;
}

}  // namespace infertrack::server::pages
