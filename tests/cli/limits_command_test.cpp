#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;

class LimitsCommand : public CliDatabaseTest
{
protected:
  CliResult run(std::vector<std::string> args)
  {
    args.insert(args.end(), {"--db", db});
    return run_cli(args, "");
  }

  json rules()
  {
    const CliResult result = run({"limits", "--json"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return json::parse(result.out);
  }

  json rule(const std::string& name)
  {
    for (const json& each : rules()) {
      if (each["name"] == name) {
        return each;
      }
    }
    return nullptr;
  }
};

TEST_F(LimitsCommand, lists_the_default_rules_in_every_format)
{
  const json list = rules();
  ASSERT_EQ(list.size(), 5);
  EXPECT_EQ(rule("comment_per_user"), json({{"name", "comment_per_user"}, {"max_events", 10}, {"window_seconds", 60}}));
  EXPECT_EQ(rule("sign_in_per_account")["max_events"], 20);
  EXPECT_EQ(rule("sign_in_per_device"),
            json({{"name", "sign_in_per_device"}, {"max_events", 20}, {"window_seconds", 900}}));

  const CliResult csv = run({"limits", "--csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_THAT(csv.out, testing::StartsWith("name,max_events,window_seconds\n"));
  EXPECT_THAT(csv.out, HasSubstr("\ncomment_per_user,10,60\n"));

  const CliResult table = run({"limits"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("sign_up_per_address"));
  EXPECT_THAT(table.out, HasSubstr("window (s)"));
}

TEST_F(LimitsCommand, set_changes_one_rule_and_is_audited)
{
  const CliResult set = run({"limits", "set", "comment_per_user", "1000", "30"});
  ASSERT_EQ(set.exit_code, 0) << set.err;
  EXPECT_EQ(set.out, "comment_per_user: at most 1000 per 30 s\n");
  EXPECT_EQ(rule("comment_per_user")["max_events"], 1000);
  EXPECT_EQ(rule("comment_per_user")["window_seconds"], 30);
  EXPECT_EQ(rule("sign_in_per_account")["max_events"], 20);
  // For scripts, the rule as set, in the form `limits` lists rules.
  EXPECT_EQ(json::parse(run({"limits", "set", "comment_per_user", "1000", "30", "--json"}).out),
            json::array({rule("comment_per_user")}));
  EXPECT_EQ(run({"limits", "set", "comment_per_user", "1000", "30", "--csv"}).out,
            "name,max_events,window_seconds\ncomment_per_user,1000,30\n");

  const CliResult audit = run({"audit", "--json"});
  ASSERT_EQ(audit.exit_code, 0) << audit.err;
  const json entries = json::parse(audit.out);
  ASSERT_EQ(entries.size(), 3);
  EXPECT_EQ(entries[0]["action"], "set_rate_limit");
  EXPECT_EQ(entries[0]["target"], "rule:comment_per_user");
  EXPECT_EQ(entries[0]["detail"], "1000 per 30 s");
}

TEST_F(LimitsCommand, set_refuses_an_unknown_rule_and_changes_nothing)
{
  const json before = rules();
  const CliResult refused = run({"limits", "set", "comments_per_day", "5", "86400"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, testing::StartsWith("infertrack: NAME: "));
  EXPECT_THAT(refused.err, HasSubstr("known rules: comment_per_user, sign_in_per_account"));
  EXPECT_EQ(rules(), before);
}

TEST_F(LimitsCommand, set_refuses_values_below_one_and_changes_nothing)
{
  const json before = rules();
  const struct
  {
    std::vector<std::string> args;
    std::string error;
  } cases[] = {
    {{"limits", "set", "comment_per_user", "0", "60"}, "infertrack: MAX: expected 1 to 1000000000 (got 0)\n"},
    {{"limits", "set", "comment_per_user", "10", "0"},
     "infertrack: WINDOW_SECONDS: expected 1 to 31622400 (got 0)\n"},
    {{"limits", "set", "comment_per_user", "10", "99999999999"},
     "infertrack: WINDOW_SECONDS: expected 1 to 31622400 (got 99999999999)\n"},
    // Past 64 bits: the number quoted is the one typed, not a clamped one.
    {{"limits", "set", "comment_per_user", "99999999999999999999", "60"},
     "infertrack: MAX: too large (got 99999999999999999999, expected a whole number such as 60)\n"},
    {{"limits", "set", "comment_per_user", "ten", "60"},
     "infertrack: MAX: not a whole number (got \"ten\", expected a whole number such as 60)\n"},
  };
  for (const auto& each : cases) {
    const CliResult refused = run(each.args);
    EXPECT_EQ(refused.exit_code, 2) << each.error;
    EXPECT_EQ(refused.err, each.error);
  }
  const CliResult negative = run({"limits", "set", "comment_per_user", "--", "-5", "60"});
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_EQ(run({"limits", "set", "comment_per_user", "10"}).exit_code, 2);
  EXPECT_EQ(rules(), before);
}

TEST(LimitsCommandHelp, limits_and_set_have_help)
{
  for (const std::vector<std::string>& command : {std::vector<std::string>{"limits"}, {"limits", "set"}}) {
    std::vector<std::string> args = command;
    args.push_back("--help");
    const CliResult result = run_cli(args, "");
    EXPECT_EQ(result.exit_code, 0) << command.back();
    EXPECT_THAT(result.out, HasSubstr("Usage")) << command.back();
  }
  EXPECT_THAT(run_cli({"limits", "set", "--help"}, "").out, HasSubstr("WINDOW_SECONDS"));
}

}  // namespace
}  // namespace infertrack::test
