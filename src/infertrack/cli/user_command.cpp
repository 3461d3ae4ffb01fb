#include "infertrack/cli/account_input.hpp"
#include "infertrack/cli/command_context.hpp"

#include "infertrack/app/community/accounts.hpp"
#include "infertrack/app/community/community_json.hpp"
#include "infertrack/cli/listing.hpp"
#include "infertrack/domain/account_rules.hpp"
#include "infertrack/util/unix_time.hpp"

#include <fmt/core.h>

#include <memory>
#include <span>

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

std::vector<Listing::Column>
user_columns()
{
  return {{"id", "id", util::TextTable::Align::right},
          {"name", "display_name"},
          {"email", "email"},
          {"role", ""},
          {"", "admin"},
          {"", "deleted"},
          {"created (UTC)", "created_at"}};
}

// Password hashes never leave the database: every format is built from the fields named here.
std::vector<Listing::Cell>
user_cells(const store::UserRecord& user)
{
  Listing::Cell name = Listing::text(user.display_name);
  Listing::Cell email = Listing::text(user.email);
  if (user.deleted) {
    name.text = "(deleted account)";
    email.text = "-";
  }
  return {Listing::plain(std::to_string(user.id)),
          std::move(name),
          std::move(email),
          {user.admin ? "admin" : "user", ""},
          Listing::plain(fmt::format("{}", user.admin)),
          Listing::plain(fmt::format("{}", user.deleted)),
          Listing::plain(util::iso_utc(user.created_at))};
}

std::string
users_text(OutputFormat format, std::span<const store::UserRecord> users)
{
  return listing_text(format, user_columns(), users, user_cells,
                      [](const store::UserRecord& user) { return app::to_json(user); });
}

// The account a command changed, as --json or --csv ask, else `sentence` for people.
void
print_changed(const GlobalOptions& options, store::CommunityStore& community, std::string_view email,
              const std::string& sentence)
{
  const OutputFormat format = options.format();
  const auto normalised = domain::normalise_email(email);
  const auto user = normalised ? community.user_by_email(*normalised) : std::nullopt;
  if (format == OutputFormat::table || !user) {
    fmt::print("{}\n", sentence);
  } else if (format == OutputFormat::json) {
    fmt::print("{}\n", app::to_json(*user).dump(2));
  } else {
    fmt::print("{}", users_text(format, std::span(&*user, 1)));
  }
}

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
  const std::string email = store->community().user(*id)->email;
  print_changed(options, store->community(), email,
                fmt::format("added {}user {} ({})", flags.admin ? "admin " : "", *id, email));
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
  print_changed(options, store->community(), flags.email,
                fmt::format("password of {} reset; its sessions are ended and its browsers no longer trusted",
                            flags.email));
}

void
set_admin(const GlobalOptions& options, const UserFlags& flags)
{
  auto store = open_database(options);
  app::Accounts accounts(store->community(), app::AccountSettings{});
  if (const auto set = accounts.set_admin(flags.email, !flags.revoke); !set) {
    throw_refusal(set.error());
  }
  print_changed(options, store->community(), flags.email,
                fmt::format("{} is {} an admin", flags.email, flags.revoke ? "no longer" : "now"));
}

void
list_users(const GlobalOptions& options)
{
  const OutputFormat format = options.format();
  auto store = open_database(options);
  const std::vector<store::UserRecord> users = store->community().users();
  fmt::print("{}", users_text(format, users));
  if (format == OutputFormat::table) {
    fmt::print("{} account(s)\n", users.size());
  }
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
