#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;

class AuditCommand : public CliDatabaseTest
{
protected:
  CliResult run(std::vector<std::string> args, const std::string& standard_input = "")
  {
    args.insert(args.end(), {"--db", db});
    return run_cli(args, standard_input);
  }

  json entries(std::vector<std::string> args = {})
  {
    args.insert(args.begin(), {"audit", "--json"});
    const CliResult result = run(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return json::parse(result.out);
  }

  void record_three_actions()
  {
    ASSERT_EQ(run({"user", "add", "--email", "ada@example.org", "--name", "Ada", "--password-hash-cost", "minimum"},
                  "correct horse battery\n")
                .exit_code,
              0);
    ASSERT_EQ(run({"user", "set-admin", "--email", "ada@example.org"}).exit_code, 0);
    ASSERT_EQ(run({"limits", "set", "comment_per_user", "20", "60"}).exit_code, 0);
  }
};

TEST_F(AuditCommand, is_empty_on_a_new_database)
{
  EXPECT_EQ(entries(), json::array());
  const CliResult table = run({"audit"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("no admin actions recorded"));
}

TEST_F(AuditCommand, lists_entries_newest_first)
{
  record_three_actions();
  const json all = entries();
  ASSERT_EQ(all.size(), 3);
  EXPECT_EQ(all[0]["action"], "set_rate_limit");
  EXPECT_EQ(all[1]["action"], "grant_admin");
  EXPECT_EQ(all[2]["action"], "add_user");
  EXPECT_GT(all[0]["id"].get<int>(), all[1]["id"].get<int>());
  EXPECT_EQ(all[2]["actor_id"], nullptr);
  EXPECT_EQ(all[2]["target"], "user:1");
  EXPECT_THAT(all[2]["at"].get<std::string>(), testing::MatchesRegex("[0-9-]+T[0-9:]+Z"));

  const json two = entries({"--limit", "2"});
  ASSERT_EQ(two.size(), 2);
  EXPECT_EQ(two[0], all[0]);
  EXPECT_EQ(two[1], all[1]);
}

TEST_F(AuditCommand, prints_a_table_and_csv)
{
  record_three_actions();
  const CliResult csv = run({"audit", "--csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_THAT(csv.out, testing::StartsWith("id,at,actor_id,actor,action,target,detail\n3,"));
  EXPECT_THAT(csv.out, HasSubstr(",,command line,add_user,user:1,ada@example.org\n"));

  const CliResult table = run({"audit"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("grant_admin"));
  EXPECT_THAT(table.out, HasSubstr("20 per 60 s"));
}

TEST_F(AuditCommand, refuses_a_limit_below_one)
{
  const CliResult refused = run({"audit", "--limit", "0"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "infertrack: --limit: expected at least 1 (got 0)\n");
}

TEST(AuditCommandHelp, audit_has_help)
{
  const CliResult result = run_cli({"audit", "--help"}, "");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_THAT(result.out, HasSubstr("--limit"));
}

}  // namespace
}  // namespace infertrack::test
