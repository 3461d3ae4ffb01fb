#pragma once

// What `infertrack copy` must carry over, for its tests (header-only, as the other test helpers): a community of
// accounts, sessions, browsers, comments with replies, rate-limit events and audit entries to add to a store, and
// every row of a SQLite file as text, to compare two files whatever order their rows were written in.

#include "infertrack/store/store.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace infertrack::test {

// Unix seconds the copied community's times count from: 2026-11-02T00:00:00Z.
inline constexpr std::int64_t k_community_t0 = 1'793'577'600;

// Adds three accounts (one deleted, one admin), sessions, trusted browsers, threads with nested replies (one
// edited, one hidden, one deleted) on the page and on a point, rate-limit events (one removed, so ids have a gap),
// a changed rate-limit rule and audit entries. Returns the ids of the comments added.
inline std::vector<store::CommentId>
add_community(store::Store& store, const std::string& point_subject = "point:444914")
{
  store::CommunityStore& community = store.community();
  const auto add_user = [&](const std::string& name, const std::string& email, bool admin, std::int64_t at) {
    const auto id = community.add_user(store::NewUser{name, email, "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$" + name,
                                                      admin, at});
    if (!id) {
      throw std::runtime_error("add_user: " + id.error().message);
    }
    return *id;
  };
  const store::UserId alice = add_user("Alice", "alice@example.com", true, k_community_t0);
  const store::UserId bob = add_user("Bob \"the tab\"\t", "bob@example.com", false, k_community_t0 + 1);
  const store::UserId gone = add_user("Gone", "gone@example.com", false, k_community_t0 + 2);
  community.add_session({"session-hash-alice", alice, k_community_t0 + 10, k_community_t0 + 20});
  community.add_session({"session-hash-bob", bob, k_community_t0 + 11, k_community_t0 + 11});
  community.trust_device("device-hash-1", alice, k_community_t0 + 12);
  community.trust_device("device-hash-2", bob, k_community_t0 + 13);

  std::vector<store::CommentId> ids;
  const auto comment = [&](const std::string& subject, std::optional<store::CommentId> parent, store::UserId author,
                           const std::string& body) {
    const auto id = community.add_comment(store::NewComment{subject, parent, author, body,
                                                            k_community_t0 + 100 + static_cast<int>(ids.size())});
    if (!id) {
      throw std::runtime_error("add_comment: " + id.error().message);
    }
    ids.push_back(*id);
    return *id;
  };
  const store::CommentId page = comment("page", std::nullopt, alice, "First!\n\nA line with a backslash \\ and é.");
  const store::CommentId reply = comment("page", page, bob, "A reply");
  comment("page", reply, gone, "A reply to the reply");
  const store::CommentId point = comment(point_subject, std::nullopt, bob, "On a point");
  const store::CommentId hidden = comment(point_subject, point, alice, "To be hidden");
  const store::CommentId deleted = comment("page", std::nullopt, gone, "To be deleted");
  community.edit_comment(reply, "A reply, edited", k_community_t0 + 500);
  community.set_comment_hidden(hidden, true);
  community.delete_comment(deleted);
  community.delete_user(gone);

  community.add_event("sign_in_per_address", "127.0.0.1", k_community_t0 + 1000);
  const auto removed = community.take_event("comment_per_user", "2", k_community_t0, k_community_t0 + 1001, 10);
  community.add_event("comment_per_user", "2", k_community_t0 + 1002);
  community.remove_event(removed.event);
  if (!community.set_rate_limit_rule({"comment_per_user", 5, 120})) {
    throw std::runtime_error("set_rate_limit_rule failed");
  }
  community.add_audit({0, k_community_t0 + 2000, alice, "Alice", "hide_comment", "comment:" + std::to_string(hidden),
                       "off topic"});
  community.add_audit({0, k_community_t0 + 2001, std::nullopt, "command line", "add_admin", "user:1", ""});
  return ids;
}

// Every row of every table of the SQLite file at `path` but schema_migrations (each database's own history), as
// "storage class:value" cells, sorted, by table; sqlite_sequence included, and rate_limit_events with its rowid,
// its id. Doubles are written in their shortest round-trip form, not SQLite's 15 digits.
inline std::map<std::string, std::vector<std::string>>
sqlite_contents(const std::filesystem::path& path)
{
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    throw std::runtime_error("cannot open " + path.string());
  }
  const auto statement = [&](const std::string& sql) {
    sqlite3_stmt* prepared = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &prepared, nullptr) != SQLITE_OK) {
      throw std::runtime_error(sql + ": " + sqlite3_errmsg(db));
    }
    return prepared;
  };
  std::vector<std::string> tables;
  sqlite3_stmt* list =
    statement("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'schema_migrations' ORDER BY name");
  while (sqlite3_step(list) == SQLITE_ROW) {
    tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(list, 0)));
  }
  sqlite3_finalize(list);

  std::map<std::string, std::vector<std::string>> contents;
  for (const std::string& table : tables) {
    std::vector<std::string>& rows = contents[table];
    sqlite3_stmt* select =
      statement(std::string("SELECT ") + (table == "rate_limit_events" ? "rowid, " : "") + "* FROM " + table);
    while (sqlite3_step(select) == SQLITE_ROW) {
      std::string row;
      for (int c = 0; c < sqlite3_column_count(select); ++c) {
        const int type = sqlite3_column_type(select, c);
        std::string value;
        if (type == SQLITE_FLOAT) {
          char exact[32];
          value.assign(exact, std::to_chars(exact, exact + sizeof exact, sqlite3_column_double(select, c)).ptr);
        } else if (type != SQLITE_NULL) {
          value = reinterpret_cast<const char*>(sqlite3_column_text(select, c));
        }
        row += std::to_string(type) + ":" + value + "|";
      }
      rows.push_back(std::move(row));
    }
    sqlite3_finalize(select);
    std::ranges::sort(rows);
  }
  sqlite3_close(db);
  return contents;
}

}  // namespace infertrack::test
