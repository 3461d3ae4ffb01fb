// Against the real PostgreSQL server that tests/postgres/cluster.sh starts for these tests (the CTest fixture
// `postgres`): a test here never passes by finding no server.
#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/postgres/connection_url.hpp"
#include "infertrack/store/store.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace infertrack::store::postgres {
namespace {

// The URL of the test cluster, with its password.
std::string
cluster_url()
{
  const char* dir = std::getenv("INFERTRACK_TEST_POSTGRES_DIR");
  if (dir == nullptr) {
    ADD_FAILURE() << "INFERTRACK_TEST_POSTGRES_DIR is not set: run these tests through ctest, which starts the cluster";
    return "";
  }
  std::ifstream file(std::string(dir) + "/url");
  std::string url;
  std::getline(file, url);
  EXPECT_TRUE(is_postgres_url(url)) << "no cluster URL in " << dir << "/url";
  return url;
}

// The password in a cluster URL "postgresql://infertrack:PASSWORD@127.0.0.1:PORT/postgres".
std::string
password_in(const std::string& url)
{
  const std::size_t colon = url.find(':', std::string_view("postgresql://").size());
  return url.substr(colon + 1, url.find('@') - colon - 1);
}

TEST(PostgresConnection, connects_and_reads_rows)
{
  Connection connection(cluster_url());
  connection.execute("CREATE TEMPORARY TABLE t (x integer); INSERT INTO t VALUES (2), (3), (NULL)");
  EXPECT_EQ(connection.query_column("SELECT x FROM t ORDER BY x NULLS LAST"),
            (std::vector<std::string>{"2", "3", ""}));
  EXPECT_EQ(connection.name().find(password_in(cluster_url())), std::string::npos) << connection.name();
}

TEST(PostgresConnection, a_refused_password_is_a_store_error_that_never_holds_a_password)
{
  const std::string url = cluster_url();
  const std::string wrong = "Wr0ng-pa55word";
  const std::string password = password_in(url);
  std::string bad_url = url;
  bad_url.replace(url.find(password), password.size(), wrong);
  try {
    Connection connection(bad_url);
    FAIL() << "a wrong password was accepted";
  } catch (const StoreError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("password authentication failed"), std::string::npos) << message;
    EXPECT_NE(message.find("postgresql://infertrack:***@127.0.0.1:"), std::string::npos) << message;
    EXPECT_EQ(message.find(wrong), std::string::npos) << message;
    EXPECT_EQ(message.find(password), std::string::npos) << message;
  }
}

TEST(PostgresConnection, a_failed_statement_is_a_store_error_naming_the_server_and_the_reason)
{
  Connection connection(cluster_url());
  try {
    connection.execute("SELECT * FROM no_such_table");
    FAIL() << "a query of a missing table succeeded";
  } catch (const StoreError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("no_such_table"), std::string::npos) << message;
    EXPECT_NE(message.find(":***@"), std::string::npos) << message;
  }
  // The connection is still usable after a failed statement.
  EXPECT_EQ(connection.query_column("SELECT 40 + 2"), std::vector<std::string>{"42"});
}

// A connection the server ends (a restart, an administrator): the statement fails as unavailable, with a reason on
// one line (libpq's own breaks lines), and the next statement reconnects.
TEST(PostgresConnection, a_connection_the_server_ends_is_unavailable_and_reconnects)
{
  Connection connection(cluster_url());
  const std::string pid = connection.query_column("SELECT pg_backend_pid()").at(0);
  Connection admin(cluster_url());
  EXPECT_EQ(admin.query_column("SELECT pg_terminate_backend(" + pid + ", 5000)"), std::vector<std::string>{"t"});
  try {
    connection.execute("SELECT 1");
    FAIL() << "a statement on a terminated connection succeeded";
  } catch (const StoreUnavailable& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find_first_of("\n\t"), std::string::npos) << message;
    EXPECT_NE(message.find(":***@"), std::string::npos) << message;
  }
  EXPECT_EQ(connection.query_column("SELECT 40 + 2"), std::vector<std::string>{"42"});
  EXPECT_NE(connection.query_column("SELECT pg_backend_pid()").at(0), pid);
}

TEST(PostgresConnection, an_unreachable_server_is_a_store_error)
{
  // Port 1 on loopback: nothing listens there.
  EXPECT_THROW(Connection("postgresql://u:p@127.0.0.1:1/x?connect_timeout=2"), StoreError);
}

}  // namespace
}  // namespace infertrack::store::postgres
