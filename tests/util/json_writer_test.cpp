#include "infertrack/util/json_writer.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

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

TEST(JsonWriter, copies_values_written_elsewhere)
{
  std::string out;
  JsonWriter json(out);
  json.begin_object();
  json.key("c");
  json.raw_value("[3]");
  json.key("d");
  json.raw_value("null");
  json.end_object();
  EXPECT_EQ(out, R"({"c":[3],"d":null})");
}

// A document with strings holding the characters that lay out the rest, escapes, empty containers and nesting,
// members named in nlohmann's own order (by name) so that only the layout is compared.
void
write_document(JsonWriter& json)
{
  json.begin_object();
  json.key("at");
  json.value(std::int64_t{100});
  json.key("empty");
  json.value("");
  json.key("rows");
  json.begin_array();
  json.begin_object();
  json.key("configuration");
  json.value("gb200 {fp4}, [mtp]: x");
  json.key("id");
  json.raw_value(R"("a\"b\\")");
  json.key("points");
  json.begin_array();
  json.end_array();
  json.key("since_first");
  json.null();
  json.key("value");
  json.begin_object();
  json.key("lower");
  json.begin_object();
  json.end_object();
  json.key("n");
  json.begin_array();
  json.value(std::int64_t{1});
  json.value(-3.5);
  json.value(true);
  json.end_array();
  json.end_object();
  json.end_object();
  json.begin_object();
  json.key("x");
  json.value("line\nbreak");
  json.end_object();
  json.end_array();
  json.end_object();
}

TEST(JsonWriter, lays_out_a_document_as_nlohmann_does_when_indenting)
{
  std::string compact;
  JsonWriter compact_json(compact);
  write_document(compact_json);
  for (const int indent : {0, 2, 4}) {
    std::string indented;
    JsonWriter json(indented, indent);
    write_document(json);
    EXPECT_EQ(indented, nlohmann::json::parse(compact).dump(indent)) << indent;
  }
}

TEST(JsonWriter, writes_a_lone_empty_container_or_scalar_on_one_line_when_indenting)
{
  std::string empty;
  JsonWriter empty_json(empty, 2);
  empty_json.begin_object();
  empty_json.end_object();
  EXPECT_EQ(empty, "{}");
  std::string scalar;
  JsonWriter scalar_json(scalar, 2);
  scalar_json.value("text");
  EXPECT_EQ(scalar, "\"text\"");
}

}  // namespace
}  // namespace infertrack::util
