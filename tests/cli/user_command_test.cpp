#include "cli_runner.hpp"

#include "infertrack/store/open_store.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;
using testing::Not;

constexpr const char* k_password = "correct horse battery\n";

class UserCommand : public CliDatabaseTest
{
protected:
  CliResult run(std::vector<std::string> args, const std::string& standard_input)
  {
    args.insert(args.end(), {"--db", db});
    return run_cli(args, standard_input);
  }

  CliResult add(const std::string& email, const std::string& name, const std::string& password,
                std::vector<std::string> extra = {})
  {
    std::vector<std::string> args = {"user", "add", "--email", email, "--name", name,
                                     "--password-hash-cost", "minimum"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args, password);
  }

  CliResult reset(const std::string& email, const std::string& password)
  {
    return run({"user", "reset-password", "--email", email, "--password-hash-cost", "minimum"}, password);
  }

  json users()
  {
    const CliResult result = run({"user", "list", "--json"}, "");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return json::parse(result.out);
  }

  json audit()
  {
    const CliResult result = run({"audit", "--json"}, "");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return json::parse(result.out);
  }
};

TEST_F(UserCommand, add_makes_an_admin_listed_without_its_hash)
{
  const CliResult added = add("Ada@Example.org", "Ada", k_password, {"--admin"});
  ASSERT_EQ(added.exit_code, 0) << added.err;
  EXPECT_EQ(added.out, "added admin user 1 (ada@example.org)\n");

  const json list = users();
  ASSERT_EQ(list.size(), 1);
  EXPECT_EQ(list[0]["email"], "ada@example.org");
  EXPECT_EQ(list[0]["display_name"], "Ada");
  EXPECT_EQ(list[0]["admin"], true);
  EXPECT_EQ(list[0]["deleted"], false);
  EXPECT_FALSE(list[0].contains("password_hash"));
  for (const char* format : {"--json", "--csv", "--table-is-default"}) {
    std::vector<std::string> args = {"user", "list"};
    if (std::string(format) != "--table-is-default") {
      args.push_back(format);
    }
    const CliResult listed = run(args, "");
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    EXPECT_THAT(listed.out, Not(HasSubstr("argon2"))) << format;
    EXPECT_THAT(listed.out, HasSubstr("ada@example.org")) << format;
  }
  EXPECT_THAT(run({"user", "list", "--csv"}, "").out,
              testing::StartsWith("id,display_name,email,admin,deleted,created_at\n1,Ada,ada@example.org,true,false,"));
}

TEST_F(UserCommand, changes_print_the_account_for_scripts)
{
  const CliResult added = add("Ada@Example.org", "Ada", k_password, {"--json"});
  ASSERT_EQ(added.exit_code, 0) << added.err;
  EXPECT_EQ(json::parse(added.out), users()[0]);
  const CliResult granted = run({"user", "set-admin", "--email", "ada@example.org", "--csv"}, "");
  ASSERT_EQ(granted.exit_code, 0) << granted.err;
  EXPECT_THAT(granted.out, testing::StartsWith("id,display_name,email,admin,deleted,created_at\n1,Ada,ada@example.org,true,"));
  const CliResult reset_json =
    run({"user", "reset-password", "--email", "ADA@example.org", "--password-hash-cost", "minimum", "--json"}, k_password);
  ASSERT_EQ(reset_json.exit_code, 0) << reset_json.err;
  EXPECT_EQ(json::parse(reset_json.out)["email"], "ada@example.org");
}

TEST_F(UserCommand, add_reads_only_the_first_line_without_its_ending)
{
  ASSERT_EQ(add("bo@example.org", "Bo", "a long passphrase\r\nsecond line\n").exit_code, 0);
  // The same text again is accepted as a reset: the stored password is "a long passphrase".
  EXPECT_EQ(reset("bo@example.org", "a long passphrase").exit_code, 0);
}

TEST_F(UserCommand, add_refuses_a_duplicate_email_and_changes_nothing)
{
  ASSERT_EQ(add("ada@example.org", "Ada", k_password).exit_code, 0);
  const CliResult again = add("ADA@example.org ", "Someone Else", "another good password\n", {"--admin"});
  EXPECT_EQ(again.exit_code, 3);
  EXPECT_EQ(again.err, "infertrack: --email: an account with this email exists already\n");
  EXPECT_EQ(again.out, "");

  const json list = users();
  ASSERT_EQ(list.size(), 1);
  EXPECT_EQ(list[0]["display_name"], "Ada");
  EXPECT_EQ(list[0]["admin"], false);
  EXPECT_EQ(audit().size(), 1);

  const CliResult named_alike = add("lovelace@example.org", "ADA", "another good password\n");
  EXPECT_EQ(named_alike.exit_code, 3);
  EXPECT_EQ(named_alike.err, "infertrack: --name: another account has this display name; choose another\n");
  EXPECT_EQ(users().size(), 1);
}

TEST_F(UserCommand, add_refuses_weak_passwords_and_bad_fields_naming_the_field)
{
  const struct
  {
    std::string email;
    std::string name;
    std::string password;
    std::string error;
  } cases[] = {
    {"a@example.org", "A", "short\n", "infertrack: password: must be at least 10 characters (got 5)\n"},
    {"a@example.org", "A", "0123456789\n",
     "infertrack: password: is one of the most common passwords; choose another\n"},
    {"a@example.org", "A", "",
     "infertrack: password: expected the password on the first line of standard input (got nothing)\n"},
    {"not-an-address", "A", k_password,
     "infertrack: --email: must be one '@' between a name and a domain (like name@example.org)\n"},
    {"a@example.org", "  ", k_password, "infertrack: --name: must not be empty\n"},
  };
  for (const auto& each : cases) {
    const CliResult refused = add(each.email, each.name, each.password);
    EXPECT_EQ(refused.exit_code, 3) << each.error;
    EXPECT_EQ(refused.err, each.error);
  }
  EXPECT_EQ(users().size(), 0);
}

TEST_F(UserCommand, add_refuses_an_unknown_hash_cost)
{
  const CliResult refused = run({"user", "add", "--email", "a@example.org", "--name", "A",
                                 "--password-hash-cost", "none"}, k_password);
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("--password-hash-cost"));
}

TEST_F(UserCommand, add_with_the_interactive_cost_by_default)
{
  const CliResult added = run({"user", "add", "--email", "i@example.org", "--name", "I"}, k_password);
  ASSERT_EQ(added.exit_code, 0) << added.err;
  EXPECT_EQ(users().size(), 1);
}

TEST_F(UserCommand, reset_password_sets_a_new_one_and_is_audited)
{
  ASSERT_EQ(add("ada@example.org", "Ada", k_password).exit_code, 0);
  // A browser that signed in with the old password: whoever used it no longer gets failed sign-ins of its own.
  const auto store = store::open_store(db);
  store->community().trust_device("laptop", 1, 100);
  const CliResult first = reset("Ada@example.org", "a brand new passphrase\n");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, "password of Ada@example.org reset; its sessions are ended and its browsers no longer trusted\n");
  EXPECT_FALSE(store->community().device_trusted("laptop", 1, 0));
  // Resetting to the same password again works: it is a new salted hash, not a comparison.
  ASSERT_EQ(reset("ada@example.org", "a brand new passphrase\n").exit_code, 0);

  const json entries = audit();
  ASSERT_EQ(entries.size(), 3);
  EXPECT_EQ(entries[0]["action"], "reset_password");
  EXPECT_EQ(entries[0]["target"], "user:1");
  EXPECT_EQ(entries[0]["actor"], "command line");
  EXPECT_EQ(entries[0]["detail"], "ada@example.org");
  EXPECT_EQ(entries[2]["action"], "add_user");
}

TEST_F(UserCommand, reset_password_refuses_an_unknown_account_and_a_weak_password)
{
  ASSERT_EQ(add("ada@example.org", "Ada", k_password).exit_code, 0);
  const CliResult unknown = reset("bob@example.org", k_password);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "infertrack: --email: no account has the email bob@example.org\n");

  const CliResult weak = reset("ada@example.org", "password\n");
  EXPECT_EQ(weak.exit_code, 3);
  EXPECT_THAT(weak.err, HasSubstr("infertrack: password: "));
  EXPECT_EQ(audit().size(), 1); // only the add
}

TEST_F(UserCommand, set_admin_grants_and_revokes)
{
  ASSERT_EQ(add("ada@example.org", "Ada", k_password).exit_code, 0);
  const CliResult granted = run({"user", "set-admin", "--email", "ada@example.org"}, "");
  ASSERT_EQ(granted.exit_code, 0) << granted.err;
  EXPECT_EQ(granted.out, "ada@example.org is now an admin\n");
  EXPECT_EQ(users()[0]["admin"], true);

  const CliResult revoked = run({"user", "set-admin", "--email", "ada@example.org", "--revoke"}, "");
  ASSERT_EQ(revoked.exit_code, 0) << revoked.err;
  EXPECT_EQ(revoked.out, "ada@example.org is no longer an admin\n");
  EXPECT_EQ(users()[0]["admin"], false);

  // Revoking again changes nothing, and the audit log records only changes.
  ASSERT_EQ(run({"user", "set-admin", "--email", "ada@example.org", "--revoke"}, "").exit_code, 0);
  const json entries = audit();
  ASSERT_EQ(entries.size(), 3);
  EXPECT_EQ(entries[0]["action"], "revoke_admin");
  EXPECT_EQ(entries[1]["action"], "grant_admin");

  const CliResult unknown = run({"user", "set-admin", "--email", "nobody@example.org"}, "");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "infertrack: --email: no account has the email nobody@example.org\n");
}

TEST_F(UserCommand, requires_a_subcommand_and_its_flags)
{
  EXPECT_EQ(run({"user"}, "").exit_code, 2);
  EXPECT_EQ(run({"user", "add", "--email", "a@example.org"}, k_password).exit_code, 2);
  EXPECT_EQ(run({"user", "reset-password"}, k_password).exit_code, 2);
  const CliResult mistyped = run({"user", "frobnicate"}, "");
  EXPECT_EQ(mistyped.exit_code, 2);
  EXPECT_THAT(mistyped.err, HasSubstr("unknown command 'frobnicate' (run infertrack user --help)"));
  // The hash cost is named, as serve takes it; a number is not one of the names.
  const CliResult numbered =
    run({"user", "add", "--email", "a@example.org", "--name", "A", "--password-hash-cost", "1"}, k_password);
  EXPECT_EQ(numbered.exit_code, 2);
  EXPECT_THAT(numbered.err, testing::HasSubstr("--password-hash-cost"));
}

TEST(UserCommandHelp, every_user_command_has_help)
{
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"user"}, {"user", "add"}, {"user", "reset-password"}, {"user", "set-admin"},
        {"user", "list"}}) {
    std::vector<std::string> args = command;
    args.push_back("--help");
    const CliResult result = run_cli(args, "");
    EXPECT_EQ(result.exit_code, 0) << command.back();
    EXPECT_THAT(result.out, HasSubstr("Usage")) << command.back();
  }
  EXPECT_THAT(run_cli({"user", "add", "--help"}, "").out, HasSubstr("--password-hash-cost"));
}

}  // namespace
}  // namespace infertrack::test
