#include "infertrack/cli/account_input.hpp"
#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/accounts.hpp"
#include "infertrack/app/community_json.hpp"
#include "infertrack/util/csv_field.hpp"
#include "infertrack/util/text_table.hpp"
#include "infertrack/util/unix_time.hpp"

#include <fmt/core.h>

#include <memory>

namespace infertrack::cli {
namespace {

struct UserFlags
{
  std::string email;
  std::string name;
  bool admin = false;
  bool revoke = false;
  security::HashCost hash_cost = security::HashCost::interactive;
};

app::AccountSettings
settings_with(security::HashCost cost)
{
  app::AccountSettings settings;
  settings.hash_cost = cost;
  return settings;
}

void
add_user(const GlobalOptions& options, const UserFlags& flags)
{
  // The password is read before the database is opened, so a refused one leaves no database file behind.
  app::SignUpForm form{flags.name, flags.email, read_new_password()};
  auto store = open_database(options);
  app::Accounts accounts(store->community(), settings_with(flags.hash_cost));
  const auto id = accounts.add_user(form, flags.admin);
  if (!id) {
    throw_refusal(id.error());
  }
  fmt::print("added {}user {} ({})\n", flags.admin ? "admin " : "", *id, store->community().user(*id)->email);
}

void
reset_password(const GlobalOptions& options, const UserFlags& flags)
{
  const std::string password = read_new_password();
  auto store = open_database(options);
  app::Accounts accounts(store->community(), settings_with(flags.hash_cost));
  if (const auto reset = accounts.reset_password(flags.email, password); !reset) {
    throw_refusal(reset.error());
  }
  fmt::print("password of {} reset; its sessions are ended\n", flags.email);
}

void
set_admin(const GlobalOptions& options, const UserFlags& flags)
{
  auto store = open_database(options);
  app::Accounts accounts(store->community(), app::AccountSettings{});
  if (const auto set = accounts.set_admin(flags.email, !flags.revoke); !set) {
    throw_refusal(set.error());
  }
  fmt::print("{} is {} an admin\n", flags.email, flags.revoke ? "no longer" : "now");
}

void
list_users(const GlobalOptions& options)
{
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const std::vector<store::UserRecord> users = store->community().users();
  // Password hashes never leave the database: every format below is built from the fields it names.
  if (format == OutputFormat::json) {
    nlohmann::json list = nlohmann::json::array();
    for (const store::UserRecord& user : users) {
      list.push_back(app::to_json(user));
    }
    fmt::print("{}\n", list.dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("id,display_name,email,admin,deleted,created_at\n");
    for (const store::UserRecord& user : users) {
      fmt::print("{},{},{},{},{},{}\n",
                 user.id,
                 util::csv_field(user.display_name),
                 util::csv_field(user.email),
                 user.admin,
                 user.deleted,
                 util::iso_utc(user.created_at));
    }
    return;
  }
  util::TextTable table(
    {{"id", util::TextTable::Align::right}, {"name"}, {"email"}, {"role"}, {"created (UTC)"}});
  for (const store::UserRecord& user : users) {
    table.add_row({std::to_string(user.id),
                   user.deleted ? "(deleted account)" : user.display_name,
                   user.deleted ? "-" : user.email,
                   user.admin ? "admin" : "user",
                   util::iso_utc(user.created_at)});
  }
  fmt::print("{}", table.render());
  fmt::print("{} account(s)\n", users.size());
}

}  // namespace

void
add_user_command(CLI::App& app, const GlobalOptions& options)
{
  CLI::App* user = app.add_subcommand("user", "Manage accounts: add, reset a password, grant admin, list");
  user->require_subcommand(1);

  auto add_flags = std::make_shared<UserFlags>();
  CLI::App* add = user->add_subcommand(
    "add", "Add an account; the password is the first line of standard input (asked twice on a terminal)");
  add->add_option("--email", add_flags->email, "Email address, the account's key")->required();
  add->add_option("--name", add_flags->name, "Display name (1-60 characters)")->required();
  add->add_flag("--admin", add_flags->admin, "Make the account an admin (it can hide comments)");
  add_password_hash_cost_option(*add, add_flags->hash_cost);
  add->callback([&options, add_flags] { add_user(options, *add_flags); });

  auto reset_flags = std::make_shared<UserFlags>();
  CLI::App* reset = user->add_subcommand(
    "reset-password",
    "Set a new password (first line of standard input, asked twice on a terminal); ends the account's sessions");
  reset->add_option("--email", reset_flags->email, "Email address of the account")->required();
  add_password_hash_cost_option(*reset, reset_flags->hash_cost);
  reset->callback([&options, reset_flags] { reset_password(options, *reset_flags); });

  auto admin_flags = std::make_shared<UserFlags>();
  CLI::App* admin = user->add_subcommand("set-admin", "Grant an account admin rights, or take them back");
  admin->add_option("--email", admin_flags->email, "Email address of the account")->required();
  admin->add_flag("--revoke", admin_flags->revoke, "Take admin rights away instead");
  admin->callback([&options, admin_flags] { set_admin(options, *admin_flags); });

  user->add_subcommand("list", "List the accounts (never their password hashes)")
    ->callback([&options] { list_users(options); });
}

}  // namespace infertrack::cli
