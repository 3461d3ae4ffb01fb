// `infertrack copy` between SQLite files, through the real binary. The copies into and out of PostgreSQL are in
// tests/postgres/database_copy_test.cpp, which runs against the test cluster.
#include "cli_runner.hpp"
#include "support/database_contents.hpp"

#include "infertrack/store/sqlite/sqlite_store.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;
using testing::Not;

class CopyCommand : public testing::Test
{
protected:
  TempDir dir;
  std::string source = dir.file("source.db").string();
  std::string target = dir.file("target.db").string();

  // The bundled data (loaded by the first command on a new file), an account made by `user add`, and a community
  // added through the store.
  void make_source()
  {
    const CliResult added = run_cli({"user", "add", "--email", "admin@example.com", "--name", "Admin", "--admin",
                                     "--password-hash-cost", "minimum", "--db", source},
                                    "a-long-enough-passphrase\n");
    ASSERT_EQ(added.exit_code, 0) << added.err;
    const CliResult summary = run_cli({"summary", "--db", source});
    ASSERT_EQ(summary.exit_code, 0) << summary.err;
    add_community(*store::sqlite::open_store(source));
  }

  // The number of rows of each table in a --json answer.
  static std::map<std::string, std::int64_t> row_counts(const json& answer)
  {
    std::map<std::string, std::int64_t> counts;
    for (const json& table : answer["tables"]) {
      counts[table["table"]] = table["rows"];
    }
    return counts;
  }
};

TEST_F(CopyCommand, copies_every_row_of_every_table_into_a_new_file)
{
  make_source();
  const CliResult copied = run_cli({"copy", "--from", source, "--to", target, "--json"});
  ASSERT_EQ(copied.exit_code, 0) << copied.err;
  EXPECT_EQ(copied.err, "");
  const json answer = json::parse(copied.out);
  EXPECT_EQ(answer["from"], source);
  EXPECT_EQ(answer["to"], target);
  EXPECT_EQ(answer["verified"], true);
  const auto counts = row_counts(answer);
  EXPECT_EQ(counts.size(), 17);
  EXPECT_GT(counts.at("points"), 0);
  EXPECT_EQ(counts.at("eval_results"), 0);
  EXPECT_GT(counts.at("findings"), 0);
  EXPECT_EQ(counts.at("users"), 4);
  EXPECT_EQ(counts.at("sessions"), 2);
  EXPECT_EQ(counts.at("trusted_devices"), 2);
  EXPECT_EQ(counts.at("comments"), 6);
  EXPECT_EQ(counts.at("rate_limit_events"), 2);
  EXPECT_EQ(counts.at("audit_log"), 3);
  EXPECT_EQ(counts.at("rate_limit_rules"), 5);
  for (const json& table : answer["tables"]) {
    EXPECT_THAT(table["checksum"].get<std::string>(), testing::MatchesRegex("[0-9a-f]{32}"));
  }

  // Row for row, doubles bit for bit, and the AUTOINCREMENT counters with them.
  EXPECT_EQ(sqlite_contents(target), sqlite_contents(source));

  // The copy is a database like any other: it lists, and the next comment and account get new ids.
  const CliResult users = run_cli({"user", "list", "--json", "--db", target});
  ASSERT_EQ(users.exit_code, 0) << users.err;
  EXPECT_EQ(json::parse(users.out).size(), 4);
  auto store = store::sqlite::open_store(target);
  const auto comment = store->community().add_comment({"page", std::nullopt, 1, "after the copy", k_community_t0});
  ASSERT_TRUE(comment.has_value());
  EXPECT_EQ(*comment, 7);
}

TEST_F(CopyCommand, prints_a_table_or_csv_of_counts_and_checksums)
{
  make_source();
  const CliResult table = run_cli({"copy", "--from", source, "--to", target});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("checksum (XXH3-128)"));
  EXPECT_THAT(table.out, testing::ContainsRegex("\ncomments +6  [0-9a-f]{32}\n"));
  EXPECT_THAT(table.out, HasSubstr("to " + target + " (schema version"));

  const std::string csv_target = dir.file("csv.db").string();
  const CliResult csv = run_cli({"copy", "--from", source, "--to", csv_target, "--csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_THAT(csv.out, testing::StartsWith("table,rows,checksum\n"));
  EXPECT_THAT(csv.out, testing::ContainsRegex("\nusers,4,[0-9a-f]{32}\n"));
}

TEST_F(CopyCommand, refuses_a_target_that_holds_data_and_leaves_it_as_it_was)
{
  make_source();
  // A target with benchmark data, one with an account only, one with a changed rate-limit rule only.
  ASSERT_EQ(run_cli({"summary", "--db", target}).exit_code, 0);
  const std::string with_user = dir.file("with-user.db").string();
  ASSERT_TRUE(store::sqlite::open_store(with_user)->community().add_user({"U", "u@example.com", "hash", false, 1}));
  const std::string with_rule = dir.file("with-rule.db").string();
  ASSERT_TRUE(store::sqlite::open_store(with_rule)->community().set_rate_limit_rule({"comment_per_user", 3, 60}));

  const std::vector<std::pair<std::string, std::string>> cases = {
    {target, "table configurations has rows"},
    {with_user, "table users has rows"},
    {with_rule, "table rate_limit_rules was changed since it was made"},
  };
  for (const auto& [held, reason] : cases) {
    const auto before = sqlite_contents(held);
    const CliResult refused = run_cli({"copy", "--from", source, "--to", held});
    EXPECT_EQ(refused.exit_code, 1) << held;
    EXPECT_EQ(refused.out, "");
    EXPECT_THAT(refused.err, HasSubstr("--to: '" + held + "' is not empty (" + reason + ")"));
    EXPECT_EQ(sqlite_contents(held), before) << held;
  }
}

TEST_F(CopyCommand, a_copy_that_reads_back_differently_is_rolled_back)
{
  make_source();
  // A trigger in the target changes what was written: the checksums tell, and nothing stays.
  store::sqlite::open_store(target).reset();
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(target.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "CREATE TRIGGER tamper AFTER INSERT ON audit_log BEGIN "
                         "UPDATE audit_log SET detail = 'changed' WHERE id = NEW.id; END",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  const auto before = sqlite_contents(target);

  const CliResult refused = run_cli({"copy", "--from", source, "--to", target});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_THAT(refused.err, HasSubstr("the copy of table audit_log reads back differently ("));
  EXPECT_THAT(refused.err, HasSubstr("nothing was copied"));
  EXPECT_EQ(sqlite_contents(target), before);
}

TEST_F(CopyCommand, refuses_a_missing_or_unreadable_source_and_bad_flags)
{
  const std::string missing = dir.file("missing.db").string();
  const CliResult absent = run_cli({"copy", "--from", missing, "--to", target});
  EXPECT_EQ(absent.exit_code, 1);
  EXPECT_THAT(absent.err, HasSubstr("--from: no database file at '" + missing + "'"));
  EXPECT_FALSE(std::filesystem::exists(target)) << "a refused copy made its target";

  const std::string garbage = dir.file("garbage.db").string();
  std::ofstream(garbage) << "this is not an SQLite database, but it is long enough to have a header of sorts\n";
  const CliResult unreadable = run_cli({"copy", "--from", garbage, "--to", target});
  EXPECT_EQ(unreadable.exit_code, 1);
  EXPECT_THAT(unreadable.err, HasSubstr("the source: " + garbage));
  EXPECT_THAT(unreadable.err, HasSubstr("not an SQLite database"));

  make_source();
  const CliResult nowhere = run_cli({"copy", "--from", source, "--to", dir.file("no/such/dir.db").string()});
  EXPECT_EQ(nowhere.exit_code, 1);
  EXPECT_THAT(nowhere.err, HasSubstr("the target: "));

  const CliResult itself = run_cli({"copy", "--from", source, "--to", dir.path().string() + "/./source.db"});
  EXPECT_EQ(itself.exit_code, 1);
  EXPECT_THAT(itself.err, HasSubstr("is the source database itself"));

  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
         {"copy", "--to", target},
         {"copy", "--from", source},
         {"copy", "--from", source, "--to", target, "--db", target},
         {"copy", "--from", "--to", target}}) {
    const CliResult usage = run_cli(args);
    EXPECT_EQ(usage.exit_code, 2) << args.size() << ": " << usage.err;
  }
  EXPECT_FALSE(std::filesystem::exists(target));
}

TEST_F(CopyCommand, never_prints_a_password)
{
  make_source();
  const std::string password = "S3cret-copy-pa55";
  for (const std::string& url : {"postgresql://infertrack:" + password + "@127.0.0.1:1/tracker",
                                 "postgres://127.0.0.1:1/tracker?user=infertrack&password=" + password}) {
    for (const bool into : {true, false}) {
      const CliResult failed = into ? run_cli({"copy", "--from", source, "--to", url})
                                    : run_cli({"copy", "--from", url, "--to", target});
      EXPECT_EQ(failed.exit_code, 1) << failed.err;
      EXPECT_THAT(failed.err, HasSubstr(into ? "the target: " : "the source: "));
      EXPECT_THAT(failed.err, HasSubstr("***"));
      EXPECT_THAT(failed.err + failed.out, Not(HasSubstr(password)));
    }
  }
}

TEST(CopyCommandHelp, names_both_databases_and_its_output_options)
{
  const CliResult help = run_cli({"copy", "--help"});
  ASSERT_EQ(help.exit_code, 0) << help.err;
  EXPECT_THAT(help.out, HasSubstr("--from DB"));
  EXPECT_THAT(help.out, HasSubstr("--to DB"));
  EXPECT_THAT(help.out, HasSubstr("postgresql://"));
  EXPECT_THAT(help.out, HasSubstr("Global options: --json, --csv"));
}

}  // namespace
}  // namespace infertrack::test
