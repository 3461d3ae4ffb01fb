#pragma once

// A fresh, empty database for one test, on the engine the test binary was built for: a SQLite file in a temporary
// folder, or, where INFERTRACK_TEST_ENGINE_POSTGRES is defined (the test_postgres binary, which compiles the same
// suites again), a database of its own on the cluster tests/postgres/cluster.sh started. Header-only, as the other
// test helpers.

#include "infertrack/store/open_store.hpp"
#include "infertrack/store/postgres/connection.hpp"

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace infertrack::test_engine {

// Whether this binary runs its suites on PostgreSQL.
#ifdef INFERTRACK_TEST_ENGINE_POSTGRES
inline constexpr bool k_postgres_engine = true;
#else
inline constexpr bool k_postgres_engine = false;
#endif

// The URL of the test cluster's maintenance database, with its password; throws when no cluster runs for this test.
inline std::string
postgres_cluster_url()
{
  const char* dir = std::getenv("INFERTRACK_TEST_POSTGRES_DIR");
  if (dir == nullptr) {
    throw std::runtime_error(
      "INFERTRACK_TEST_POSTGRES_DIR is not set: run the PostgreSQL tests through ctest, which starts the cluster");
  }
  std::ifstream file(std::string(dir) + "/url");
  std::string url;
  std::getline(file, url);
  if (url.empty()) {
    throw std::runtime_error(std::string("no cluster URL in ") + dir + "/url: the cluster did not start");
  }
  return url;
}

// The URL of the cluster's streaming replica (its maintenance database), with its password.
inline std::string
postgres_replica_url()
{
  const std::string primary = postgres_cluster_url();
  std::ifstream file(std::string(std::getenv("INFERTRACK_TEST_POSTGRES_DIR")) + "/replica_url");
  std::string url;
  std::getline(file, url);
  if (url.empty()) {
    throw std::runtime_error("no replica URL beside the cluster's: the replica did not start");
  }
  return url;
}

// `url` (a cluster URL ending in "/postgres") naming the database `name` instead.
inline std::string
postgres_database_url(const std::string& url, const std::string& name)
{
  return url.substr(0, url.rfind('/') + 1) + name;
}

// One test's database, dropped (PostgreSQL) or deleted (SQLite) with everything in it at scope end.
class TestDatabase
{
public:
  TestDatabase()
  {
    static std::atomic<int> next{0};
    const std::string unique = std::to_string(::getpid()) + "_" + std::to_string(next++);
    if constexpr (k_postgres_engine) {
      m_name = "test_" + unique;
      m_locator = postgres_database_url(postgres_cluster_url(), m_name);
    } else {
      m_dir = std::filesystem::temp_directory_path() / ("infertrack-db-test-" + unique);
      std::filesystem::remove_all(m_dir);
      std::filesystem::create_directories(m_dir);
      m_locator = (m_dir / "store.db").string();
    }
    clear();
  }

  // Makes the database empty again, as new (stores open on it must be closed first).
  void clear()
  {
    if constexpr (k_postgres_engine) {
      store::postgres::Connection admin(postgres_cluster_url());
      admin.execute("DROP DATABASE IF EXISTS " + m_name + " WITH (FORCE)");
      admin.execute("CREATE DATABASE " + m_name + " TEMPLATE template0");
    } else {
      std::filesystem::remove(m_locator);
    }
  }

  ~TestDatabase()
  {
    try {
      if constexpr (k_postgres_engine) {
        store::postgres::Connection admin(postgres_cluster_url());
        admin.execute("DROP DATABASE IF EXISTS " + m_name + " WITH (FORCE)");
      } else {
        std::error_code ignored;
        std::filesystem::remove_all(m_dir, ignored);
      }
    } catch (const std::exception&) {
      // A database left behind goes with the cluster at the end of the run.
    }
  }

  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  // What --db takes: the SQLite file's path, or the database's URL (with its password).
  const std::string& locator() const { return m_locator; }
  // The PostgreSQL database's name (empty on SQLite).
  const std::string& name() const { return m_name; }

  // A Store on this database (migrated on open).
  std::unique_ptr<store::Store> open() const { return store::open_store(m_locator); }

private:
  std::string m_name;
  std::filesystem::path m_dir;
  std::string m_locator;
};

}  // namespace infertrack::test_engine
