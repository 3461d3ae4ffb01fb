#include "infertrack/server/pages/atom_feed.hpp"
#include "infertrack/server/pages/page_routes.hpp"

#include "bundled_tracker_test_support.hpp"
#include "hostile_feed_point.hpp"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace infertrack::server::pages {
namespace {

using boost::property_tree::ptree;
using testing::HasSubstr;

class AtomFeed : public testing::Test, protected test_support::BundledTracker
{
protected:
  http::Response answer(std::string path, test_support::Query query = {})
  {
    const http::Request request = test_support::route_request("GET", std::move(path), std::move(query));
    std::optional<http::Response> response = handle_page(request, *store);
    EXPECT_TRUE(response.has_value());
    return response.value_or(http::Response{});
  }

  // The feed parsed (a parse error fails the test: the XML is not well-formed).
  ptree parsed(const std::string& body)
  {
    ptree tree;
    std::istringstream in(body);
    try {
      boost::property_tree::read_xml(in, tree);
    } catch (const std::exception& error) {
      ADD_FAILURE() << "not well-formed XML: " << error.what() << "\n" << body;
    }
    return tree;
  }
};

const std::regex k_date_time(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)");

// RFC 4287's required elements: atom:feed has one id, title and updated, and an author (or every entry has
// one); each atom:entry one id, title and updated, and a link rel=alternate or content. Ids are IRIs, unique.
void
expect_valid_atom(const ptree& document)
{
  const ptree& feed = document.get_child("feed");
  EXPECT_EQ(feed.get<std::string>("<xmlattr>.xmlns"), "http://www.w3.org/2005/Atom");
  EXPECT_EQ(feed.count("id"), 1u);
  EXPECT_EQ(feed.count("title"), 1u);
  EXPECT_EQ(feed.count("updated"), 1u);
  EXPECT_EQ(feed.count("author"), 1u);
  EXPECT_FALSE(feed.get<std::string>("author.name").empty());
  EXPECT_TRUE(std::regex_match(feed.get<std::string>("updated"), k_date_time));
  std::set<std::string> ids;
  for (const auto& [name, entry] : feed) {
    if (name != "entry") {
      continue;
    }
    EXPECT_EQ(entry.count("id"), 1u);
    EXPECT_EQ(entry.count("title"), 1u);
    EXPECT_EQ(entry.count("updated"), 1u);
    const std::string id = entry.get<std::string>("id");
    EXPECT_TRUE(id.starts_with("tag:infertrack,2026:")) << id;
    EXPECT_EQ(id.find(' '), std::string::npos) << id; // an IRI has no space
    EXPECT_TRUE(ids.insert(id).second) << "duplicate id " << id;
    EXPECT_TRUE(std::regex_match(entry.get<std::string>("updated"), k_date_time));
    EXPECT_EQ(entry.get<std::string>("link.<xmlattr>.rel"), "alternate");
    EXPECT_FALSE(entry.get<std::string>("link.<xmlattr>.href").empty());
    EXPECT_FALSE(entry.get<std::string>("summary").empty());
  }
  EXPECT_FALSE(ids.empty());
}

std::vector<std::string>
entry_ids(const ptree& document)
{
  std::vector<std::string> ids;
  for (const auto& [name, entry] : document.get_child("feed")) {
    if (name == "entry") {
      ids.push_back(entry.get<std::string>("id"));
    }
  }
  return ids;
}

TEST_F(AtomFeed, is_atom_with_the_required_elements_and_its_content_type)
{
  const http::Response response = answer("/feed.atom");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "application/atom+xml; charset=utf-8");
  EXPECT_EQ(response.route, "/feed.atom");
  expect_valid_atom(parsed(response.body));
}

TEST_F(AtomFeed, of_one_model_lists_the_mi355x_launch_day_jump_with_a_stable_id)
{
  const http::Response first = answer("/feed.atom", {{"model", "dsv4"}});
  const ptree document = parsed(first.body);
  expect_valid_atom(document);
  EXPECT_EQ(document.get<std::string>("feed.id"), "tag:infertrack,2026:feed/DeepSeek-V4-Pro");
  const std::vector<std::string> ids = entry_ids(document);
  EXPECT_THAT(ids, testing::Contains("tag:infertrack,2026:change/DeepSeek-V4-Pro%20mi355x%20sglang%20fp4/fp8%20none%20"
                                     "agg%208192/1024/2026-04-25/2026-05-02/improvement"));
  EXPECT_THAT(first.body, HasSubstr("improvement at least +1933.7%"));
  // The same ids in the same order on a second request.
  EXPECT_EQ(entry_ids(parsed(answer("/feed.atom", {{"model", "DeepSeek-V4-Pro"}}).body)), ids);
}

TEST_F(AtomFeed, escapes_a_hostile_name_and_keeps_ids_of_earlier_entries)
{
  const std::vector<std::string> before = entry_ids(parsed(answer("/feed.atom", {{"model", "dsv4"}}).body));
  test_support::ingest_hostile_feed_point(*store);
  ASSERT_FALSE(HasFatalFailure());

  const http::Response response = answer("/feed.atom", {{"model", "dsv4"}});
  const ptree document = parsed(response.body);
  expect_valid_atom(document);
  EXPECT_THAT(response.body, HasSubstr("eng&lt;ine&gt;&amp;&quot;&apos;&lt;/title&gt;"));
  EXPECT_THAT(response.body, testing::Not(HasSubstr("<x>")));
  const std::vector<std::string> after = entry_ids(document);
  EXPECT_EQ(document.get<std::string>("feed.updated"), "2027-01-01T00:00:00Z");
  for (const std::string& id : before) {
    EXPECT_THAT(after, testing::Contains(id));
  }
}

TEST(XmlEscaped, EscapesMarkupAndDropsControlCharacters)
{
  EXPECT_EQ(xml_escaped("a<b>&\"'\x01\tc"), "a&lt;b&gt;&amp;&quot;&apos;\tc");
}

}  // namespace
}  // namespace infertrack::server::pages
