#include "infertrack/store/postgres/copy_binary.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace infertrack::store::postgres {
namespace {

using namespace std::string_literals;

TEST(CopyBinary, the_stream_starts_with_the_signature_and_two_zero_words_and_ends_with_minus_one)
{
  EXPECT_EQ(std::string(k_copy_binary_header), "PGCOPY\n\xFF\r\n\0"s + std::string(8, '\0'));
  EXPECT_EQ(std::string(k_copy_binary_trailer), "\xFF\xFF"s);
}

TEST(CopyBinary, values_carry_their_length_then_their_bytes_in_network_order)
{
  std::string row;
  append_binary_row(row, 3);
  EXPECT_EQ(row, "\0\3"s);

  row.clear();
  append_binary_value(row, std::int64_t{0x0102030405060708});
  EXPECT_EQ(row, "\0\0\0\x08\x01\x02\x03\x04\x05\x06\x07\x08"s);

  row.clear();
  append_binary_value(row, true); // an INTEGER column holding 0/1
  EXPECT_EQ(row, "\0\0\0\x04\0\0\0\x01"s);

  row.clear();
  append_binary_value(row, 1.0); // IEEE 754: 0x3FF0000000000000
  EXPECT_EQ(row, "\0\0\0\x08\x3F\xF0\0\0\0\0\0\0"s);

  row.clear();
  append_binary_value(row, std::string_view("a\tb\\")); // no escaping: the length says where text ends
  EXPECT_EQ(row, "\0\0\0\x04" "a\tb\\"s);
}

TEST(CopyBinary, an_absent_value_is_a_length_of_minus_one)
{
  std::string row;
  append_binary_value(row, std::optional<double>());
  append_binary_value(row, std::optional<std::string>());
  append_binary_value(row, std::optional<std::int64_t>());
  EXPECT_EQ(row, std::string(12, '\xFF'));
}

}  // namespace
}  // namespace infertrack::store::postgres
