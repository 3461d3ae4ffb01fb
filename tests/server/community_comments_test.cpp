// Comments through the tracker handler: threads, ownership, moderation, limits, and hostile input.
#include "community_test_support.hpp"
#include "infertrack/formats/comment_markdown.hpp"

#include <gmock/gmock.h>

#include <fstream>
#include <regex>
#include <set>

namespace infertrack::server {
namespace {

using namespace test_support;
using testing::HasSubstr;
using testing::Not;

std::vector<std::string>
xss_payloads()
{
  std::ifstream file(INFERTRACK_SOURCE_DIR "/tests/cases/xss-payloads.txt");
  std::vector<std::string> payloads;
  for (std::string line; std::getline(file, line);) {
    if (!line.empty()) {
      payloads.push_back(line);
    }
  }
  return payloads;
}

const std::vector<std::string> k_sql_injections = {
  "'); DROP TABLE users;--",
  "\" OR 1=1 --",
  "' OR '1'='1",
  "1; DELETE FROM comments WHERE 1=1; --",
  "Robert'); DROP TABLE comments;--",
  "%' UNION SELECT password_hash FROM users --",
};

// HTML that would run script or load something in a browser: every tag must be one that plain Markdown
// produces, with only quoted attributes that neither handle events nor point at a script.
void
expect_inert(const std::string& rendered, const std::string& payload)
{
  // cmark's marker for raw HTML it dropped is the one comment allowed.
  const std::string html = std::regex_replace(rendered, std::regex("<!-- raw HTML omitted -->"), "");
  static const std::regex k_tag(R"(<(/?)([a-zA-Z0-9]+)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*/?>)");
  static const std::regex k_attribute(R"re(\s+([a-zA-Z-]+)="([^"]*)")re");
  static const std::set<std::string> k_markdown_tags = {
    "p", "a", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote", "br", "hr",
    "h1", "h2", "h3", "h4", "h5", "h6"};
  static const std::set<std::string> k_attributes = {"href", "title", "rel", "start", "class"};
  const std::string context = "payload: " + payload + "\nrendered: " + html;
  for (auto tag = std::sregex_iterator(html.begin(), html.end(), k_tag); tag != std::sregex_iterator(); ++tag) {
    EXPECT_TRUE(k_markdown_tags.contains((*tag)[2].str())) << context;
    const std::string attributes = (*tag)[3].str();
    for (auto a = std::sregex_iterator(attributes.begin(), attributes.end(), k_attribute); a != std::sregex_iterator();
         ++a) {
      EXPECT_TRUE(k_attributes.contains((*a)[1].str())) << context;
      if ((*a)[1].str() == "href") {
        static const std::regex k_scheme(R"(^\s*(javascript|vbscript|data|file):)", std::regex::icase);
        EXPECT_FALSE(std::regex_search((*a)[2].str(), k_scheme)) << context;
      }
    }
  }
  // Every '<' left is part of a tag checked above; text '<' comes out as &lt;.
  EXPECT_EQ(std::count(html.begin(), html.end(), '<'),
            std::distance(std::sregex_iterator(html.begin(), html.end(), k_tag), std::sregex_iterator()))
    << context;
}

class CommunityComments : public testing::Test
{
protected:
  void SetUp() override
  {
    ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
    ASSERT_EQ(bob.sign_up("Bob", "bob@example.org", k_password).status, 201);
  }

  std::int64_t post_id(Browser& browser, const std::string& subject, const std::string& body,
                       std::optional<std::int64_t> parent = std::nullopt)
  {
    const auto response = browser.post(subject, body, parent);
    EXPECT_EQ(response.status, 201) << response.body;
    return json::parse(response.body)["id"].get<std::int64_t>();
  }

  CommunityTracker tracker;
  Browser alice{tracker.handler};
  Browser bob{tracker.handler, "192.0.2.20"};
  Browser reader{tracker.handler, "192.0.2.30"};
};

TEST_F(CommunityComments, threads_come_newest_first_with_replies_in_order_and_page)
{
  const auto first = post_id(alice, "page", "first thread");
  const auto reply = post_id(bob, "page", "a reply", first);
  post_id(alice, "page", "a reply to the reply", reply);
  const auto second = post_id(bob, "page", "second thread");
  const json page = reader.comments("page");
  EXPECT_EQ(page["total_threads"], 2);
  ASSERT_EQ(page["comments"].size(), 4u);
  EXPECT_EQ(page["comments"][0]["id"], second);
  EXPECT_EQ(page["comments"][1]["id"], first);
  EXPECT_EQ(page["comments"][2]["parent_id"], first);
  EXPECT_EQ(page["comments"][2]["depth"], 1);
  EXPECT_EQ(page["comments"][3]["parent_id"], reply);
  EXPECT_EQ(page["comments"][3]["depth"], 2);
  EXPECT_EQ(page["comments"][1]["author"]["display_name"], "Alice");
  EXPECT_EQ(page["comments"][1]["body_html"], "<p>first thread</p>\n");
  EXPECT_FALSE(page["comments"][1]["can_edit"].get<bool>()) << "a reader edits nothing";

  tracker.now += 3600; // past the per-minute comment limit
  for (int i = 0; i < 22; ++i) {
    post_id(alice, "page", "thread " + std::to_string(i));
    tracker.now += 7;
  }
  const json one = reader.comments("page", 1);
  const json two = reader.comments("page", 2);
  EXPECT_EQ(one["total_threads"], 24);
  EXPECT_EQ(one["per_page"], 20);
  EXPECT_EQ(one["comments"].size(), 20u);
  EXPECT_EQ(one["comments"][0]["body"], "thread 21");
  ASSERT_EQ(two["comments"].size(), 6u) << "4 threads, one with 2 replies";
  EXPECT_EQ(two["comments"][3]["id"], first);
  EXPECT_EQ(two["comments"][4]["id"], reply);
  EXPECT_EQ(reader.send("GET", "/api/v1/comments?subject=page&page=0").status, 400);
  EXPECT_EQ(reader.send("GET", "/api/v1/comments").status, 400);
  EXPECT_EQ(reader.send("GET", "/api/v1/comments?subject=page&sort=old").status, 400);
}

// However long a thread grows, a page lists its first replies and says how many more there are; the rest come a
// request at a time, by thread and the last reply shown.
TEST_F(CommunityComments, a_long_thread_lists_its_first_replies_and_the_rest_on_request)
{
  ASSERT_TRUE(tracker.community().set_rate_limit_rule(store::RateLimitRule{"comment_per_user", 1000, 60}));
  const auto thread = post_id(alice, "page", "a popular thread");
  std::vector<std::int64_t> replies;
  for (int i = 0; i < 180; ++i) {
    replies.push_back(post_id(i % 2 ? bob : alice, "page", "reply " + std::to_string(i),
                              i % 3 == 2 ? replies.back() : thread));
  }
  const auto other = post_id(bob, "page", "a quiet thread");

  const json page = reader.comments("page");
  ASSERT_EQ(page["comments"].size(), 2u + 50u);
  EXPECT_EQ(page["comments"][0]["id"], other);
  EXPECT_EQ(page["comments"][1]["id"], thread);
  EXPECT_EQ(page["comments"].back()["id"], replies[49]);
  EXPECT_EQ(page["more_replies"], json::array({json{{"thread_id", thread}, {"count", 130}, {"after", replies[49]}}}));

  std::vector<std::int64_t> seen;
  std::int64_t after = replies[49];
  for (int request = 0; request < 2; ++request) {
    const auto response = reader.send("GET", "/api/v1/comments?subject=page&thread=" + std::to_string(thread) +
                                               "&after=" + std::to_string(after));
    ASSERT_EQ(response.status, 200) << response.body;
    const json more = json::parse(response.body);
    EXPECT_EQ(more["thread"], thread);
    for (const json& comment : more["comments"]) {
      seen.push_back(comment["id"]);
      EXPECT_FALSE(comment["can_edit"].get<bool>());
    }
    after = seen.back();
    EXPECT_EQ(more["remaining"], request == 0 ? 30 : 0);
  }
  EXPECT_EQ(seen, std::vector<std::int64_t>(replies.begin() + 50, replies.end()));
  const json first = json::parse(
    reader.send("GET", "/api/v1/comments?subject=page&thread=" + std::to_string(thread)).body);
  EXPECT_EQ(first["comments"].size(), 100u) << "without after, from the first reply";
  EXPECT_EQ(first["comments"][0]["id"], replies[0]);

  // Refused, each naming its parameter: a reply or another subject's thread, page with thread, after alone.
  const auto field_of = [&](const std::string& query, int status) {
    const auto response = reader.send("GET", "/api/v1/comments?" + query);
    EXPECT_EQ(response.status, status) << query << ": " << response.body;
    return json::parse(response.body).value("field", "");
  };
  EXPECT_EQ(field_of("subject=page&thread=" + std::to_string(replies[0]), 404), "thread");
  EXPECT_EQ(field_of("subject=point:444914&thread=" + std::to_string(thread), 404), "thread");
  EXPECT_EQ(field_of("subject=page&thread=999999", 404), "thread");
  EXPECT_EQ(field_of("subject=page&thread=abc", 400), "thread");
  EXPECT_EQ(field_of("subject=page&thread=" + std::to_string(thread) + "&after=-1", 400), "after");
  EXPECT_EQ(field_of("subject=page&thread=" + std::to_string(thread) + "&page=2", 400), "page");
  EXPECT_EQ(field_of("subject=page&after=3", 400), "after");
  EXPECT_EQ(field_of("subject=page&thread=1&thread=2", 400), "thread");
}

TEST_F(CommunityComments, a_comment_on_a_point_belongs_to_that_point_only)
{
  const auto id = post_id(alice, "point:444914", "this point looks **high**");
  EXPECT_EQ(reader.comments("point:444914")["comments"][0]["id"], id);
  EXPECT_EQ(reader.comments("page")["comments"].size(), 0u);
  EXPECT_EQ(alice.post("point:no-such-point", "hello").status, 404);
  const auto listed = reader.send("GET", "/api/v1/comments?subject=point:no-such-point");
  EXPECT_EQ(listed.status, 404) << "listed as posted";
  EXPECT_EQ(json::parse(listed.body)["field"], "subject");
  EXPECT_EQ(alice.post("points:444914", "hello").status, 400);
  EXPECT_EQ(bob.post("page", "wrong subject for this parent", id).status, 400);
  EXPECT_EQ(bob.post("point:444914", "no such parent", 999999).status, 400);
  for (const char* parent : {"18446744073709551615", "-3", "0", "1.5"}) {
    const auto refused = bob.send("POST", "/api/v1/comments",
                                  std::string(R"({"subject": "point:444914", "body": "x", "parent_id": )") + parent + "}");
    EXPECT_EQ(refused.status, 400) << parent;
    EXPECT_EQ(json::parse(refused.body)["detail"], "parent_id must be a comment id (a positive integer)") << parent;
  }
}

TEST_F(CommunityComments, authors_edit_and_delete_their_own_comments_only)
{
  const auto id = post_id(alice, "page", "draft");
  const std::string target = "/api/v1/comments/" + std::to_string(id);
  EXPECT_EQ(bob.send("PATCH", target, json{{"body", "hijacked"}}.dump()).status, 403);
  EXPECT_EQ(bob.send("DELETE", target).status, 403);
  tracker.now += 30;
  const auto edited = alice.send("PATCH", target, json{{"body", "final words"}}.dump());
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(json::parse(edited.body)["body"], "final words");
  EXPECT_FALSE(json::parse(edited.body)["edited_at"].is_null());
  EXPECT_TRUE(json::parse(edited.body)["can_edit"].get<bool>());
  EXPECT_EQ(alice.send("PATCH", target, json{{"body", "   "}}.dump()).status, 400);

  const auto reply = post_id(bob, "page", "a reply that stays", id);
  EXPECT_EQ(alice.send("DELETE", target).status, 204);
  const json page = reader.comments("page");
  ASSERT_EQ(page["comments"].size(), 2u);
  EXPECT_TRUE(page["comments"][0]["deleted"].get<bool>());
  EXPECT_EQ(page["comments"][0]["body"], "");
  EXPECT_EQ(page["comments"][1]["id"], reply);
  EXPECT_EQ(alice.send("PATCH", target, json{{"body", "back"}}.dump()).status, 404);
  EXPECT_EQ(alice.send("DELETE", "/api/v1/comments/123456").status, 404);
  EXPECT_EQ(alice.send("DELETE", "/api/v1/comments/abc").status, 404);
}

TEST_F(CommunityComments, only_admins_hide_and_restore_and_each_is_audited)
{
  const auto id = post_id(bob, "page", "something rude");
  const std::string hide = "/api/v1/comments/" + std::to_string(id) + "/hide";
  const auto refused = alice.send("POST", hide);
  EXPECT_EQ(refused.status, 403);
  EXPECT_FALSE(tracker.community().comment(id)->hidden);

  ASSERT_TRUE(tracker.community().set_admin(tracker.community().user_by_email("alice@example.org")->id, true));
  const auto hidden = alice.send("POST", hide);
  ASSERT_EQ(hidden.status, 200) << hidden.body;
  EXPECT_TRUE(json::parse(hidden.body)["hidden"].get<bool>());
  EXPECT_EQ(json::parse(hidden.body)["body"], "something rude") << "admins still see it";
  const json seen = reader.comments("page")["comments"][0];
  EXPECT_TRUE(seen["hidden"].get<bool>());
  EXPECT_EQ(seen["body"], "");
  EXPECT_EQ(seen["body_html"], "");

  ASSERT_EQ(alice.send("POST", "/api/v1/comments/" + std::to_string(id) + "/restore").status, 200);
  EXPECT_EQ(reader.comments("page")["comments"][0]["body"], "something rude");
  const auto audit = tracker.community().audit_log(10);
  ASSERT_EQ(audit.size(), 2u);
  EXPECT_EQ(audit[0].action, "restore_comment");
  EXPECT_EQ(audit[1].action, "hide_comment");
  EXPECT_EQ(audit[1].actor, "Alice");
  EXPECT_EQ(audit[1].target, "comment:" + std::to_string(id));

  // Restoring what is shown, or hiding twice, changes nothing and adds nothing to the audit log.
  EXPECT_EQ(alice.send("POST", "/api/v1/comments/" + std::to_string(id) + "/restore").status, 200);
  ASSERT_EQ(alice.send("POST", hide).status, 200);
  EXPECT_EQ(alice.send("POST", hide).status, 200);
  EXPECT_EQ(tracker.community().audit_log(10).size(), 3u);

  // Its author can no longer change what the moderator hid.
  EXPECT_FALSE(bob.comments("page")["comments"][0]["can_edit"].get<bool>());
  const auto edit = bob.send("PATCH", "/api/v1/comments/" + std::to_string(id), json{{"body", "something nice"}}.dump());
  EXPECT_EQ(edit.status, 403) << edit.body;
  EXPECT_EQ(tracker.community().comment(id)->body, "something rude");
  // Nor erase it: a restore must be able to bring it back.
  const auto erase = bob.send("DELETE", "/api/v1/comments/" + std::to_string(id));
  EXPECT_EQ(erase.status, 403) << erase.body;
  EXPECT_THAT(json::parse(erase.body)["detail"].get<std::string>(), HasSubstr("can no longer be deleted"));
  EXPECT_EQ(tracker.community().comment(id)->body, "something rude");
  EXPECT_FALSE(tracker.community().comment(id)->deleted);
}

TEST_F(CommunityComments, a_comment_its_author_deleted_cannot_be_hidden)
{
  const auto id = post_id(bob, "page", "second thoughts");
  ASSERT_EQ(bob.send("DELETE", "/api/v1/comments/" + std::to_string(id)).status, 204);
  ASSERT_TRUE(tracker.community().set_admin(tracker.community().user_by_email("alice@example.org")->id, true));
  const auto hide = alice.send("POST", "/api/v1/comments/" + std::to_string(id) + "/hide");
  EXPECT_EQ(hide.status, 409) << hide.body;
  EXPECT_THAT(json::parse(hide.body)["detail"].get<std::string>(), HasSubstr("was deleted by its author"));
  EXPECT_FALSE(tracker.community().comment(id)->hidden);
  EXPECT_TRUE(tracker.community().audit_log(10).empty()) << "nothing was moderated";
  EXPECT_FALSE(alice.comments("page")["comments"][0]["can_hide"].get<bool>());
  const auto shown = post_id(bob, "page", "still here");
  EXPECT_TRUE(alice.comments("page")["comments"][0]["can_hide"].get<bool>()) << shown;
}

TEST_F(CommunityComments, listing_parameters_are_refused_when_repeated_or_not_utf8)
{
  post_id(alice, "page", "on the page");
  const auto twice = reader.send("GET", "/api/v1/comments?subject=page&subject=point:444914");
  EXPECT_EQ(twice.status, 400);
  EXPECT_EQ(json::parse(twice.body)["field"], "subject");
  EXPECT_EQ(reader.send("GET", "/api/v1/comments?subject=page&page=1&page=2").status, 400);
  // Text echoed into an answer need not be UTF-8: a clear 400, never a 500.
  for (const std::string target : {"/api/v1/comments?subject=\xff", "/api/v1/comments?\xff=1"}) {
    const auto response = reader.send("GET", target);
    EXPECT_EQ(response.status, 400) << target;
    EXPECT_FALSE(json::parse(response.body, nullptr, false).is_discarded()) << response.body;
  }
  // A point nobody measured has no comment section, whatever its id.
  const auto unknown = reader.send("GET", "/api/v1/comments?subject=point:\xff");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_FALSE(json::parse(unknown.body, nullptr, false).is_discarded()) << unknown.body;
  // The body is JSON text written by hand: nlohmann would refuse to write the bad byte.
  const auto posted = alice.send("POST", "/api/v1/comments", "{\"subject\": \"point:\xff\", \"body\": \"hello\"}");
  EXPECT_EQ(posted.status / 100, 4) << posted.body;
  EXPECT_FALSE(json::parse(posted.body, nullptr, false).is_discarded());
  EXPECT_EQ(alice.send("PATCH", "/api/v1/comments/\xff", json{{"body", "x"}}.dump()).status, 404);
  const std::int64_t id = post_id(alice, "page", "to keep");
  EXPECT_EQ(alice.send("DELETE", "/api/v1/comments/" + std::to_string(id) + "/").status, 404) << "no route ends in a slash";
  // A path that is no route is a 404 whatever the method, not a 405 naming methods it would not take either.
  for (const std::string path : {"/api/v1/comments/abc", "/api/v1/comments/5/", "/api/v1/comments/5/bogus"}) {
    for (const char* method : {"GET", "PUT"}) {
      EXPECT_EQ(alice.send(method, path, "{}").status, 404) << method << " " << path;
    }
  }
  EXPECT_FALSE(tracker.community().comment(id)->deleted);
}

TEST_F(CommunityComments, comments_per_user_per_minute_are_limited)
{
  for (int i = 0; i < 10; ++i) {
    post_id(alice, "page", "burst " + std::to_string(i));
  }
  const auto refused = alice.post("page", "one too many");
  EXPECT_EQ(refused.status, 429);
  EXPECT_THAT(json::parse(refused.body)["detail"].get<std::string>(), HasSubstr("too many comments"));
  EXPECT_EQ(bob.post("page", "others are not affected").status, 201);
  tracker.now += 61;
  const auto after = alice.post("page", "after a minute");
  ASSERT_EQ(after.status, 201);
  // Edits count too: nine more writes fill the minute again, and the next edit waits.
  const std::string target = "/api/v1/comments/" + std::to_string(json::parse(after.body)["id"].get<std::int64_t>());
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ(alice.send("PATCH", target, json{{"body", "edit " + std::to_string(i)}}.dump()).status, 200) << i;
  }
  EXPECT_EQ(alice.send("PATCH", target, json{{"body", "one edit too many"}}.dump()).status, 429);
}

// A reply refused for its parent (deleted, unknown) posted nothing, so it leaves the minute's count alone.
TEST_F(CommunityComments, refused_replies_do_not_count_against_the_limit)
{
  const auto parent = post_id(bob, "page", "soon gone");
  ASSERT_EQ(bob.send("DELETE", "/api/v1/comments/" + std::to_string(parent)).status, 204);
  for (int i = 0; i < 3; ++i) {
    const auto refused = alice.post("page", "a reply", parent);
    EXPECT_EQ(refused.status, 400) << refused.body;
    EXPECT_EQ(alice.post("page", "to nothing", 999999).status, 400);
  }
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(alice.post("page", "post " + std::to_string(i)).status, 201) << i;
  }
  EXPECT_EQ(alice.post("page", "the eleventh").status, 429);
}

TEST_F(CommunityComments, refuses_bodies_that_are_blank_or_too_long)
{
  EXPECT_EQ(alice.post("page", " \n ").status, 400);
  EXPECT_EQ(alice.post("page", std::string(5001, 'x')).status, 400);
  EXPECT_EQ(alice.post("page", std::string(5000, 'x')).status, 201);
  // What renders to nothing visible is as blank as white space.
  for (const char* blank : {"[a]: /b", "&nbsp;", "&#x200B;", "<!-- -->", "[]()", "#", "&ZeroWidthSpace;&NoBreak;"}) {
    const auto refused = alice.post("page", blank);
    EXPECT_EQ(refused.status, 400) << blank;
    EXPECT_THAT(refused.body, HasSubstr("shows nothing once rendered")) << blank;
  }
  EXPECT_EQ(alice.post("page", "[a](/b)").status, 201);
  EXPECT_EQ(alice.post("page", "![](https://example.org/i.png)").status, 201) << "shown as a link to its URL";
  // Quotes and lists nest at most 10 deep: deeper, a short text renders to many times its size.
  const auto deep = alice.post("page", std::string(11, '>') + " a");
  EXPECT_EQ(deep.status, 400);
  EXPECT_THAT(deep.body, HasSubstr("nests quotes and lists 11 deep (at most 10)"));
  EXPECT_EQ(alice.post("page", std::string(4999, '>') + "a").status, 400);
  EXPECT_EQ(alice.post("page", std::string(10, '>') + " a").status, 201);
  // A list counts once per level, its items with it: ten nested lists are ten deep.
  std::string lists;
  for (int level = 0; level < 10; ++level) {
    lists += std::string(static_cast<std::size_t>(level) * 2, ' ') + "- item\n";
  }
  EXPECT_EQ(alice.post("page", lists).status, 201);
  EXPECT_EQ(alice.post("page", lists + std::string(20, ' ') + "- one more\n").status, 400);
  const auto bad_utf8 = alice.send("POST", "/api/v1/comments", "{\"subject\": \"page\", \"body\": \"caf\xc3\"}");
  EXPECT_EQ(bad_utf8.status, 400);
}

// A short text of reference links can expand to many times its size in every listing of it; bidirectional overrides
// make text (a command in a code span, a file name) read otherwise than it is written.
TEST_F(CommunityComments, refuses_bodies_that_expand_in_rendering_or_reorder_their_text)
{
  // One definition with a long URL and title, used by some 700 references: 100 KB of HTML from 5,000 characters.
  const std::string definition = "[a]: https://example.org/" + std::string(1400, 'u') + " \"" + std::string(1400, 't') + "\"\n\n";
  std::string references;
  while (definition.size() + references.size() + 4 <= 5000) {
    references += "[a] ";
  }
  const auto expanded = alice.post("page", definition + references);
  EXPECT_EQ(expanded.status, 400) << expanded.body;
  EXPECT_EQ(json::parse(expanded.body)["field"], "body");
  EXPECT_THAT(expanded.body, testing::ContainsRegex("renders to [0-9]+ bytes of HTML \\(at most 40000\\)"));
  // Text that escapes a lot stays under the limit: 5,000 quotes render to about 30 KB.
  EXPECT_EQ(alice.post("page", std::string(5000, '"')).status, 201);
  EXPECT_EQ(alice.post("page", definition + "[a] [a] [a]").status, 201) << "a few references are fine";

  for (const char* reordered : {"invoice_\u202egnp.exe", "`rm \u2066-rf\u2069 x`", "a\u202ab"}) {
    const auto refused = alice.post("page", reordered);
    EXPECT_EQ(refused.status, 400) << reordered;
    EXPECT_THAT(refused.body, HasSubstr("bidirectional embedding, override or isolate characters")) << reordered;
  }
  // Right-to-left text and its marks are no override: they stay.
  EXPECT_EQ(alice.post("page", "\u05e9\u05dc\u05d5\u05dd \u200f(1)").status, 201);
}

TEST_F(CommunityComments, xss_payloads_are_stored_verbatim_and_rendered_inert)
{
  const auto payloads = xss_payloads();
  ASSERT_GE(payloads.size(), 25u);
  ASSERT_TRUE(tracker.community().set_rate_limit_rule({"comment_per_user", 1000, 60}));
  ASSERT_TRUE(tracker.community().set_rate_limit_rule({"sign_up_per_address", 1000, 60}));
  for (const std::string& payload : payloads) {
    const auto posted = alice.post("page", payload);
    if (posted.status == 400) {
      // Markup alone (a script element, an HTML comment) renders to nothing, and a direction override makes text read
      // otherwise than it is written: refused, and inert all the same.
      EXPECT_THAT(json::parse(posted.body)["detail"].get<std::string>(),
                  testing::AnyOf("shows nothing once rendered (got only markup or invisible text)",
                                 HasSubstr("bidirectional embedding, override or isolate characters")))
        << payload;
      expect_inert(formats::render_comment_html(payload), payload);
      continue;
    }
    ASSERT_EQ(posted.status, 201) << payload << "\n" << posted.body;
    EXPECT_EQ(posted.content_type, "application/json");
    const json comment = json::parse(posted.body);
    EXPECT_EQ(comment["body"], payload);
    expect_inert(comment["body_html"], payload);
  }
  const json page = reader.comments("page", 1);
  for (const auto& comment : page["comments"]) {
    expect_inert(comment["body_html"], comment["body"]);
  }
  // A hostile display name is data: stored and returned verbatim in JSON, which the page sets as text.
  Browser eve(tracker.handler, "192.0.2.66");
  const std::string name = "<img src=x onerror=alert(1)>";
  ASSERT_EQ(eve.sign_up(name, "eve@example.org", k_password).status, 201);
  EXPECT_EQ(eve.me()["user"]["display_name"], name);
  // The server-rendered pages never echo comment or account text, so nothing there can run.
  const auto page_html = reader.send("GET", "/");
  EXPECT_THAT(page_html.body, Not(HasSubstr("onerror=alert")));
}

TEST_F(CommunityComments, sql_injection_strings_in_every_field_are_stored_verbatim)
{
  const std::int64_t points = tracker.store->point_count();
  ASSERT_TRUE(tracker.community().set_rate_limit_rule({"sign_up_per_address", 1000, 60}));
  int n = 0;
  for (const std::string& text : k_sql_injections) {
    Browser user(tracker.handler, "192.0.2.77");
    const std::string email = "x" + std::to_string(n++) + "'--@example.org";
    const std::string password = text + " padding to length";
    const auto signed_up = user.sign_up(text, email, password);
    ASSERT_EQ(signed_up.status, 201) << text << "\n" << signed_up.body;
    EXPECT_EQ(user.me()["user"]["display_name"], text);
    EXPECT_EQ(user.me()["user"]["email"], email);
    const auto id = post_id(user, "page", text);
    const auto reply = post_id(user, "point:444914", text + " again");
    EXPECT_EQ(tracker.community().comment(id)->body, text);
    EXPECT_EQ(tracker.community().comment(reply)->body, text + " again");
    EXPECT_EQ(user.send("PATCH", "/api/v1/comments/" + std::to_string(id), json{{"body", text + "!"}}.dump()).status,
              200);
    Browser again(tracker.handler, "192.0.2.78");
    EXPECT_EQ(again.sign_in(email, password).status, 200) << "the password is matched exactly";
    EXPECT_EQ(again.sign_in(email, text).status, 401);
    EXPECT_EQ(reader.send("GET", "/api/v1/comments?subject=" + text).status, 400);
  }
  EXPECT_EQ(tracker.store->point_count(), points);
  EXPECT_EQ(tracker.community().users().size(), 2 + k_sql_injections.size());
  EXPECT_EQ(tracker.community().comment_count(std::nullopt), static_cast<std::int64_t>(2 * k_sql_injections.size()));
}

}  // namespace
}  // namespace infertrack::server
