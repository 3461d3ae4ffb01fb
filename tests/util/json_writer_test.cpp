#include "infertrack/util/json_writer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace infertrack::util {
namespace {

std::string
as_json_string(std::string_view text)
{
  std::string out;
  append_json_string(out, text);
  return out;
}

TEST(append_json_string, escapes_quotes_backslashes_and_control_characters)
{
  EXPECT_EQ(as_json_string("plain"), "\"plain\"");
  EXPECT_EQ(as_json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(as_json_string("line\nbreak\r\ttab"), "\"line\\nbreak\\r\\ttab\"");
  EXPECT_EQ(as_json_string(std::string("nul\0bell\x07", 9)), "\"nul\\u0000bell\\u0007\"");
  EXPECT_EQ(as_json_string(""), "\"\"");
}

TEST(append_json_string, keeps_utf8_and_writes_other_bytes_as_code_points)
{
  EXPECT_EQ(as_json_string("tok/s \xc2\xb5s \xe2\x86\x92 \xf0\x9f\x9a\x80"), "\"tok/s \xc2\xb5s \xe2\x86\x92 \xf0\x9f\x9a\x80\"");
  // A lone continuation byte, a cut sequence, an overlong '/' and a surrogate are not UTF-8: the whole text
  // is then read as Latin-1, so each byte >= 0x80 becomes its own escape.
  EXPECT_EQ(as_json_string("a\x80z"), "\"a\\u0080z\"");
  EXPECT_EQ(as_json_string("\xe2\x86"), "\"\\u00e2\\u0086\"");
  EXPECT_EQ(as_json_string("\xc0\xaf"), "\"\\u00c0\\u00af\"");
  EXPECT_EQ(as_json_string("\xed\xa0\x80"), "\"\\u00ed\\u00a0\\u0080\"");
  EXPECT_EQ(as_json_string("\xc3\xa9\xff"), "\"\\u00c3\\u00a9\\u00ff\"");
}

TEST(JsonWriter, writes_nested_objects_and_arrays_with_commas_between_items)
{
  std::string out;
  JsonWriter json(out);
  json.begin_object();
  json.key("name");
  json.value("B200 \"dynamo\"");
  json.key("list");
  json.begin_array();
  json.value(std::int64_t{-3});
  json.value(std::size_t{4});
  json.value(true);
  json.null();
  json.begin_object();
  json.end_object();
  json.begin_array();
  json.end_array();
  json.end_array();
  json.key("missing");
  json.value(std::optional<double>{});
  json.key("present");
  json.value(std::optional<std::string>("x"));
  json.end_object();
  EXPECT_EQ(out, R"({"name":"B200 \"dynamo\"","list":[-3,4,true,null,{},[]],"missing":null,"present":"x"})");
}

TEST(JsonWriter, writes_doubles_that_read_back_exactly_and_non_finite_ones_as_null)
{
  std::string out;
  JsonWriter json(out);
  json.begin_array();
  json.value(100.0);
  json.value(0.1);
  json.value(-2.5e-7);
  json.value(1e300);
  json.value(1.0 / 3.0);
  json.value(std::numeric_limits<double>::quiet_NaN());
  json.value(std::numeric_limits<double>::infinity());
  json.end_array();
  EXPECT_EQ(out, "[100.0,0.1,-2.5e-07,1e+300,0.3333333333333333,null,null]");
}

TEST(JsonWriter, adds_the_members_of_an_object_written_elsewhere)
{
  std::string out;
  JsonWriter json(out);
  json.begin_object();
  json.raw_members("{}");
  json.raw_members(R"({"a":1,"b":[2]})");
  json.key("c");
  json.raw_value("[3]");
  json.raw_members(R"({"d":null})");
  json.end_object();
  EXPECT_EQ(out, R"({"a":1,"b":[2],"c":[3],"d":null})");
}

}  // namespace
}  // namespace infertrack::util
