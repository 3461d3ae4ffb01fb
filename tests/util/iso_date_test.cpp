#include "infertrack/util/iso_date.hpp"

#include <gtest/gtest.h>

namespace infertrack::util {
namespace {

TEST(is_iso_date, accepts_real_calendar_dates_only)
{
  EXPECT_TRUE(is_iso_date("2026-04-24"));
  EXPECT_TRUE(is_iso_date("2028-02-29"));
  EXPECT_FALSE(is_iso_date("2026-02-29"));
  EXPECT_FALSE(is_iso_date("2026-13-01"));
  EXPECT_FALSE(is_iso_date("2026-4-24"));
  EXPECT_FALSE(is_iso_date("2026-04-24T00"));
  EXPECT_FALSE(is_iso_date("May 1 2026"));
  EXPECT_FALSE(is_iso_date(""));
}

}  // namespace
}  // namespace infertrack::util
