#pragma once

// A fresh store, on the engine of the test binary (support/test_database.hpp), and helpers for the CommunityStore tests
// (header-only, as store_test_support.hpp).

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace infertrack::store::testing {

// Unix seconds the tests count from: 2026-11-02T00:00:00Z.
inline constexpr std::int64_t k_t0 = 1'793'577'600;

class CommunityTest : public ::testing::Test
{
protected:
  // The SQLite file, for the tests that look into it (SQLite's binary only).
  std::filesystem::path db_path() const { return m_database.locator(); }
  CommunityStore& community() { return m_store->community(); }

  // A live account "<name>" with email "<name>@example.com", created at k_t0; fails the test if refused.
  UserId add_user(const std::string& name, bool admin = false)
  {
    const auto id =
      community().add_user(NewUser{name, name + "@example.com", "hash-of-" + name, admin, k_t0});
    EXPECT_TRUE(id) << (id ? "" : id.error().to_string());
    return id ? *id : 0;
  }

  // A comment by `author` on `subject`, posted at k_t0 + `seconds`; fails the test if refused.
  CommentId add_comment(UserId author, const std::string& subject, std::optional<CommentId> parent,
                        const std::string& body, std::int64_t seconds = 0)
  {
    const auto id = community().add_comment(NewComment{subject, parent, author, body, k_t0 + seconds});
    EXPECT_TRUE(id) << (id ? "" : id.error().to_string());
    return id ? *id : 0;
  }

  TempDir m_dir; // for files of a test's own
  test_engine::TestDatabase m_database;
  std::unique_ptr<Store> m_store = m_database.open();
};

}  // namespace infertrack::store::testing
