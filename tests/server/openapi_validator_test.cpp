#include "support/openapi_validator.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::ElementsAre;
using testing::HasSubstr;
using testing::IsEmpty;

const json k_document = R"({
  "openapi": "3.0.3",
  "servers": [{"url": "/api/v1"}],
  "paths": {
    "/things": {"get": {"responses": {
      "200": {"description": "ok", "content": {"application/json": {"schema": {
        "type": "array", "items": {"$ref": "#/components/schemas/Thing"}}}}},
      "304": {"description": "not modified"}}}},
    "/things/{id}": {"get": {"responses": {
      "200": {"description": "one", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
      "404": {"$ref": "#/components/responses/Refused"},
      "405": {"$ref": "#/components/responses/Refused"}}}},
    "/things/all": {"get": {"responses": {"200": {"description": "csv", "content": {"text/csv": {}}}}}},
    "/loose": {"get": {"responses": {"200": {"description": "no schema", "content": {"application/json": {}}}}}},
    "/broken": {"get": {"responses": {"200": {"description": "bad ref", "content": {"application/json": {
      "schema": {"$ref": "#/components/schemas/Nope"}}}}}}}
  },
  "components": {
    "schemas": {
      "Thing": {"type": "object", "required": ["id", "kind"], "additionalProperties": false, "properties": {
        "id": {"type": "integer", "minimum": 1},
        "kind": {"type": "string", "enum": ["a", "b"]},
        "share": {"type": "number", "maximum": 1},
        "note": {"type": "string", "nullable": true},
        "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
        "tags": {"type": "array", "items": {"type": "string"}}}},
      "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}
    },
    "responses": {"Refused": {"description": "refused", "content": {"application/json": {
      "schema": {"$ref": "#/components/schemas/Error"}}}}}
  }
})"_json;

class OpenApiValidatorTest : public testing::Test
{
protected:
  std::vector<std::string> check_thing(const json& value) const
  {
    return validator.check_value({{"$ref", "#/components/schemas/Thing"}}, value);
  }
  std::vector<std::string> answer(std::string path, int status, std::string body,
                                  std::string content_type = "application/json") const
  {
    return validator.check_answer({"GET", path, status, content_type, body});
  }

  OpenApiValidator validator{k_document};
};

TEST_F(OpenApiValidatorTest, check_value_accepts_a_conforming_value)
{
  EXPECT_THAT(check_thing({{"id", 3}, {"kind", "a"}, {"share", 0.5}, {"note", nullptr}, {"either", 2},
                           {"tags", {"x"}}}),
              IsEmpty());
  EXPECT_THAT(check_thing({{"id", 3}, {"kind", "b"}, {"share", 1}, {"either", "x"}}), IsEmpty());
}

TEST_F(OpenApiValidatorTest, check_value_rejects_a_wrong_type_and_names_its_pointer)
{
  EXPECT_THAT(check_thing({{"id", "3"}, {"kind", "a"}}), ElementsAre("at '/id': expected integer, got \"3\""));
  EXPECT_THAT(check_thing({{"id", 3.5}, {"kind", "a"}}), ElementsAre("at '/id': expected integer, got 3.5"));
  EXPECT_THAT(check_thing({{"id", 3}, {"kind", "a"}, {"tags", {"x", 2}}}),
              ElementsAre("at '/tags/1': expected string, got 2"));
  EXPECT_THAT(check_thing({{"id", 3}, {"kind", "a"}, {"note", 4}}),
              ElementsAre("at '/note': expected string or null, got 4"));
  EXPECT_THAT(check_thing({{"id", 3}, {"kind", nullptr}}), ElementsAre("at '/kind': expected string, got null"));
  EXPECT_THAT(check_thing(json::array()), ElementsAre("at '': expected object, got []"));
}

TEST_F(OpenApiValidatorTest, check_value_rejects_a_missing_required_property)
{
  EXPECT_THAT(check_thing({{"kind", "a"}}), ElementsAre("at '': required property 'id' is missing"));
}

TEST_F(OpenApiValidatorTest, check_value_rejects_a_value_outside_the_enum)
{
  EXPECT_THAT(check_thing({{"id", 3}, {"kind", "c"}}), ElementsAre("at '/kind': \"c\" is not one of [\"a\",\"b\"]"));
}

TEST_F(OpenApiValidatorTest, check_value_rejects_undocumented_properties_and_bounds)
{
  EXPECT_THAT(check_thing({{"id", 0}, {"kind", "a"}, {"share", 1.5}, {"extra/x", 1}}),
              ElementsAre("at '/extra~1x': 'extra/x' is not a documented property",
                          "at '/id': 0 is below the minimum 1", "at '/share': 1.5 is above the maximum 1"));
}

TEST_F(OpenApiValidatorTest, check_value_rejects_a_value_no_alternative_takes)
{
  const auto faults = check_thing({{"id", 3}, {"kind", "a"}, {"either", true}});
  ASSERT_EQ(faults.size(), 1u);
  EXPECT_THAT(faults[0], HasSubstr("at '/either': matches 0 of the oneOf alternatives (expected exactly one)"));
}

TEST_F(OpenApiValidatorTest, check_value_rejects_a_ref_to_nothing)
{
  EXPECT_THAT(validator.check_value({{"$ref", "#/components/schemas/Nope"}}, 1),
              ElementsAre("at '': $ref '#/components/schemas/Nope' names nothing in the document"));
  EXPECT_THAT(answer("/api/v1/broken", 200, "{}"),
              ElementsAre("GET /api/v1/broken 200: at '': $ref '#/components/schemas/Nope' names nothing in the "
                          "document"));
}

TEST_F(OpenApiValidatorTest, path_template_matches_concrete_paths_literal_first)
{
  EXPECT_EQ(validator.path_template("/api/v1/things"), "/things");
  EXPECT_EQ(validator.path_template("/api/v1/things/42"), "/things/{id}");
  EXPECT_EQ(validator.path_template("/api/v1/things/all"), "/things/all");
  EXPECT_EQ(validator.path_template("/api/v1/things/"), "");
  EXPECT_EQ(validator.path_template("/api/v1/things/4/2"), "");
  EXPECT_EQ(validator.path_template("/things"), "");
}

TEST_F(OpenApiValidatorTest, check_answer_accepts_documented_answers)
{
  EXPECT_THAT(answer("/api/v1/things", 200, R"([{"id": 1, "kind": "a"}])"), IsEmpty());
  EXPECT_THAT(answer("/api/v1/things", 304, ""), IsEmpty());
  EXPECT_THAT(answer("/api/v1/things/7", 404, R"({"error": "not_found"})"), IsEmpty());
  EXPECT_THAT(answer("/api/v1/things/all", 200, "id\n1\n", "text/csv; charset=utf-8"), IsEmpty());
  EXPECT_THAT(validator.check_answer({"HEAD", "/api/v1/things", 200, "application/json", ""}), IsEmpty());
  EXPECT_THAT(validator.check_answer({"POST", "/api/v1/things/7", 405, "application/json", R"({"error": "x"})"}),
              IsEmpty());
}

TEST_F(OpenApiValidatorTest, check_answer_rejects_what_the_document_does_not_list)
{
  EXPECT_THAT(answer("/api/v1/nothing", 200, "{}"), ElementsAre("GET /api/v1/nothing 200: no path of the document matches"));
  EXPECT_THAT(validator.check_answer({"POST", "/api/v1/things", 200, "application/json", "[]"}),
              ElementsAre("POST /api/v1/things 200: the document lists no post of /things"));
  EXPECT_THAT(validator.check_answer({"POST", "/api/v1/things", 405, "application/json", "{}"}),
              ElementsAre("POST /api/v1/things 405: the document lists no post of /things"));
  EXPECT_THAT(answer("/api/v1/things", 500, "{}"),
              ElementsAre("GET /api/v1/things 500: the document lists no status 500 for get /things"));
  EXPECT_THAT(answer("/api/v1/things", 200, "a,b", "text/csv"),
              ElementsAre(HasSubstr("the document gives no content type 'text/csv'")));
  EXPECT_THAT(answer("/api/v1/things", 304, "[]"),
              ElementsAre("GET /api/v1/things 304: the document gives this answer no body"));
  EXPECT_THAT(answer("/api/v1/loose", 200, "{}"),
              ElementsAre("GET /api/v1/loose 200: the document gives the JSON of this answer no schema"));
  EXPECT_THAT(answer("/api/v1/things", 200, "[{"), ElementsAre("GET /api/v1/things 200: the body is not JSON: [{"));
}

TEST_F(OpenApiValidatorTest, check_answer_rejects_a_body_off_its_schema)
{
  EXPECT_THAT(answer("/api/v1/things/7", 200, R"({"id": 7})"),
              ElementsAre("GET /api/v1/things/7 200: at '': required property 'kind' is missing"));
  EXPECT_THAT(answer("/api/v1/things/7", 404, R"({"error": 404})"),
              ElementsAre("GET /api/v1/things/7 404: at '/error': expected string, got 404"));
}

}  // namespace
}  // namespace infertrack::test
