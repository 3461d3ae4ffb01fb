// /feed.atom validated by libxml2's xmllint against RFC 4287's structure written as a RELAX NG grammar
// (tests/cases/atom/atom.rng): each element's place and count and each construct's attributes, not only the
// required elements that atom_feed_test checks.
#include "infertrack/server/pages/page_routes.hpp"

#include "bundled_tracker_test_support.hpp"
#include "hostile_feed_point.hpp"
#include "support/temp_dir.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace infertrack::server::pages {
namespace {

using testing::HasSubstr;

struct Validation
{
  int exit_code = -1;
  std::string output;
};

// xmllint's verdict on `document` (its exit code, and what it printed).
Validation
validate_atom(const std::string& document)
{
  const test::TempDir dir;
  const std::string file = dir.write("feed.atom", document).string();
  const std::string command =
    "xmllint --noout --relaxng " INFERTRACK_SOURCE_DIR "/tests/cases/atom/atom.rng '" + file + "' 2>&1";
  Validation validation;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    return validation;
  }
  char buffer[4096];
  while (const std::size_t read = std::fread(buffer, 1, sizeof buffer, pipe)) {
    validation.output.append(buffer, read);
  }
  const int status = pclose(pipe);
  validation.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return validation;
}

class AtomSchema : public testing::Test, protected test_support::BundledTracker
{
protected:
  std::string feed(test_support::Query query = {})
  {
    const http::Request request = test_support::route_request("GET", "/feed.atom", std::move(query));
    const std::optional<http::Response> response = handle_page(request, *store);
    EXPECT_TRUE(response.has_value());
    EXPECT_EQ(response ? response->status : 0, 200);
    return response ? response->body : "";
  }
};

TEST_F(AtomSchema, every_feed_validates)
{
  for (const test_support::Query& query : {test_support::Query{}, test_support::Query{{"model", "dsv4"}},
                                           test_support::Query{{"model", "DeepSeek-V4.1-Flash"}}}) {
    const std::string body = feed(query);
    ASSERT_THAT(body, HasSubstr("<entry>"));
    const Validation validation = validate_atom(body);
    EXPECT_EQ(validation.exit_code, 0) << validation.output << body;
  }
}

TEST_F(AtomSchema, a_feed_with_hostile_names_validates)
{
  test_support::ingest_hostile_feed_point(*store);
  ASSERT_FALSE(HasFatalFailure());
  const std::string body = feed({{"model", "dsv4"}});
  const Validation validation = validate_atom(body);
  EXPECT_EQ(validation.exit_code, 0) << validation.output << body;
}

TEST_F(AtomSchema, the_grammar_refuses_an_entry_without_its_id_or_a_bad_date)
{
  const std::string body = feed({{"model", "dsv4"}});
  const std::size_t entry = body.find("<entry>");
  ASSERT_NE(entry, std::string::npos);
  const std::size_t id = body.find("<id>", entry);
  const std::size_t id_end = body.find("</id>", id);
  ASSERT_NE(id_end, std::string::npos);
  std::string without_id = body;
  without_id.erase(id, id_end + 5 - id);
  EXPECT_NE(validate_atom(without_id).exit_code, 0);

  std::string bad_date = body;
  const std::size_t updated = bad_date.find("<updated>") + 9;
  bad_date.replace(updated, 10, "06/01/2026");
  EXPECT_NE(validate_atom(bad_date).exit_code, 0);
}

}  // namespace
}  // namespace infertrack::server::pages
