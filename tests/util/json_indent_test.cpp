// indent_json lays out JSON text as nlohmann::json::dump(2) does, without parsing it: the CLI prints the history's
// text answer with it.
#include "infertrack/util/json_indent.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace infertrack::util {
namespace {

TEST(indent_json, lays_out_a_document_as_nlohmann_does)
{
  // Strings with the characters that lay out the rest, escapes, empty containers, nesting, and scalars nlohmann
  // prints as written (members in its own order, by name, so that only the layout is compared).
  const std::string compact =
    R"({"at":100,"empty":"","rows":[{"configuration":"gb200 {fp4}, [mtp]: x","id":"a\"b\\","points":[],)"
    R"("since_first":null,"value":{"lower":{},"n":[1,2,-3,true,false],"state":"exact","tps_per_gpu":1.5}},)"
    R"({"x":"line\nbreak"}]})";
  EXPECT_EQ(indent_json(compact, 2), nlohmann::json::parse(compact).dump(2));
  EXPECT_EQ(indent_json(compact, 4), nlohmann::json::parse(compact).dump(4));
}

TEST(indent_json, drops_the_blanks_between_tokens_and_keeps_scalars_alone)
{
  EXPECT_EQ(indent_json(" { \"a\" :\n [ ] , \"b\" : [ 1 ,\t2 ] } ", 2), "{\n  \"a\": [],\n  \"b\": [\n    1,\n    2\n  ]\n}");
  EXPECT_EQ(indent_json("[]", 2), "[]");
  EXPECT_EQ(indent_json("\"text\"", 2), "\"text\"");
}

}  // namespace
}  // namespace infertrack::util
