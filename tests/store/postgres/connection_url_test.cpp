#include "infertrack/store/postgres/connection_url.hpp"

#include <gtest/gtest.h>

namespace infertrack::store::postgres {
namespace {

TEST(ConnectionUrl, is_postgres_url_takes_both_schemes_and_nothing_else)
{
  EXPECT_TRUE(is_postgres_url("postgresql://db.example/infertrack"));
  EXPECT_TRUE(is_postgres_url("postgres://u@h/d"));
  EXPECT_FALSE(is_postgres_url("infertrack.db"));
  EXPECT_FALSE(is_postgres_url("./postgresql://x")); // a relative SQLite path
  EXPECT_FALSE(is_postgres_url("mysql://h/d"));
}

TEST(ConnectionUrl, redacted_url_hides_the_password_of_the_user_information)
{
  EXPECT_EQ(redacted_url("postgresql://tracker:s3cret@db:5432/infertrack"), "postgresql://tracker:***@db:5432/infertrack");
  // A password holding '@' or ':' (as typed, not percent-encoded) is hidden whole.
  EXPECT_EQ(redacted_url("postgresql://tracker:p@ss:w@db/x"), "postgresql://tracker:***@db/x");
  EXPECT_EQ(redacted_url("postgresql://tracker@db/x"), "postgresql://tracker@db/x");
  EXPECT_EQ(redacted_url("postgresql://db/x?sslmode=require"), "postgresql://db/x?sslmode=require");
}

TEST(ConnectionUrl, redacted_url_hides_a_password_given_as_a_query_parameter)
{
  EXPECT_EQ(redacted_url("postgresql://db/x?user=t&password=s3cret&sslmode=require"),
            "postgresql://db/x?user=t&password=***&sslmode=require");
  EXPECT_EQ(redacted_url("postgresql://u:a@db/x?password=b"), "postgresql://u:***@db/x?password=***");
  // Only the query's own parameter: "password=" inside another value is not a parameter.
  EXPECT_EQ(redacted_url("postgresql://db/x?options=password=1"), "postgresql://db/x?options=password=1");
}

TEST(ConnectionUrl, without_passwords_scrubs_every_copy_of_every_password)
{
  EXPECT_EQ(without_passwords("bad password s3cret for s3cret", "postgresql://u:s3cret@db/x"),
            "bad password *** for ***");
  EXPECT_EQ(without_passwords("got q1 and p1", "postgresql://u:p1@db/x?password=q1"), "got *** and ***");
  EXPECT_EQ(without_passwords("no secret here", "postgresql://u@db/x"), "no secret here");
}

}  // namespace
}  // namespace infertrack::store::postgres
