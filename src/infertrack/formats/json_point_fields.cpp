#include "infertrack/formats/json_point_fields.hpp"

#include "infertrack/domain/point_field_members.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/util/assertions.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

namespace infertrack::formats {

namespace {

using domain::BenchmarkPoint;
using domain::FieldRule;
using domain::PointField;
using util::Result;

NumberRule
number_rule(FieldRule rule)
{
  switch (rule) {
    case FieldRule::positive:
      return NumberRule::positive;
    case FieldRule::fraction:
      return NumberRule::fraction;
    default:
      return NumberRule::non_negative;
  }
}

// The slot of a name field among a reader's memos (the name fields follow result_id in the table).
std::size_t
memo_slot(PointField field)
{
  INFERTRACK_ASSERT(domain::info_of(field).rule == FieldRule::name);
  return static_cast<std::size_t>(field) - static_cast<std::size_t>(PointField::model);
}

Result<void>
read_text(const domain::PointFieldInfo& info, JsonValue& value, const JsonPlace& at, std::string& out)
{
  INFERTRACK_TRY_ASSIGN(text, read_string(value, at));
  if (info.rule == FieldRule::id) {
    if (trim_blanks(text).empty()) {
      return fail_at(at, "empty result id (got " + quoted_text(text) + ", expected a non-empty id)");
    }
    if (const auto problem = unlinkable_id(trim_blanks(text))) {
      return fail_at(at, *problem);
    }
  } else if (info.rule == FieldRule::label) {
    if (auto problem = unusable_name(text)) {
      return fail_at(at, std::move(*problem));
    }
  } else {
    INFERTRACK_ASSERT(info.rule == FieldRule::date);
    if (auto problem = date_problem(text)) {
      return fail_at(at, *problem);
    }
    out.assign(text);
    return {};
  }
  out.assign(trim_blanks(text));
  return {};
}

Result<void>
read_optional_text(const domain::PointFieldInfo& info,
                   JsonValue& value,
                   const JsonPlace& at,
                   std::optional<std::string>& out)
{
  if (info.rule == FieldRule::external_id) {
    INFERTRACK_TRY_ASSIGN(null, is_json_null(value, at));
    if (!null) {
      INFERTRACK_TRY_ASSIGN(id, read_id_text(value, at));
      out = std::move(id);
    }
    return {};
  }
  INFERTRACK_TRY_ASSIGN(text, read_optional_string(value, at));
  if (!text) {
    // An optional member is left as it was: unknown.
    return {};
  }
  if (info.rule == FieldRule::date) {
    if (auto problem = date_problem(*text)) {
      return fail_at(at, *problem);
    }
  }
  out = std::string(*text);
  return {};
}

}  // namespace

std::string_view
json_expected(PointField field)
{
  switch (domain::info_of(field).rule) {
    case FieldRule::count:
      return "an integer > 0";
    case FieldRule::non_negative:
      return "a number >= 0";
    case FieldRule::positive:
      return "a number > 0";
    case FieldRule::fraction:
      return "a number from 0 to 1";
    case FieldRule::flag:
      return "true or false";
    case FieldRule::date:
      return "a date YYYY-MM-DD";
    default:
      return "a string";
  }
}

Result<void>
JsonPointFields::read(PointField field, JsonValue& value, const JsonPlace& at, BenchmarkPoint& point)
{
  const domain::PointFieldInfo& info = domain::info_of(field);
  if (info.rule == FieldRule::name) {
    INFERTRACK_TRY_ASSIGN(text, read_string(value, at));
    return assign_name(field, text, at, point);
  }
  return domain::visit_point_member(field, point, [&](auto& member) -> Result<void> {
    using Member = std::remove_cvref_t<decltype(member)>;
    if constexpr (std::is_same_v<Member, std::string>) {
      return read_text(info, value, at, member);
    } else if constexpr (std::is_same_v<Member, std::optional<std::string>>) {
      return read_optional_text(info, value, at, member);
    } else if constexpr (std::is_same_v<Member, std::int64_t>) {
      INFERTRACK_TRY_ASSIGN(count, read_count(value, at));
      member = count;
      return {};
    } else if constexpr (std::is_same_v<Member, std::optional<std::int64_t>>) {
      INFERTRACK_TRY_ASSIGN(count, read_optional_count(value, at));
      member = count;
      return {};
    } else if constexpr (std::is_same_v<Member, bool>) {
      INFERTRACK_TRY_ASSIGN(flag, read_bool(value, at));
      member = flag;
      return {};
    } else if constexpr (std::is_same_v<Member, std::optional<double>>) {
      INFERTRACK_TRY_ASSIGN(number, read_optional_number(value, at, number_rule(info.rule)));
      member = number;
      return {};
    } else {
      // No JSON format states the per-GPU basis as such: each reader derives it.
      INFERTRACK_ASSERT(!"a per-GPU basis is not read from JSON");
      return {};
    }
  });
}

Result<void>
JsonPointFields::assign_name(PointField field, std::string_view text, const JsonPlace& at, BenchmarkPoint& point)
{
  return domain::visit_point_member(field, point, [&](auto& member) -> Result<void> {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(member)>, std::string>) {
      return formats::assign_name(text, at, m_memos[memo_slot(field)], domain::info_of(field).canonical_of, member);
    } else {
      INFERTRACK_ASSERT(!"a name field holds a string");
      return {};
    }
  });
}

}  // namespace infertrack::formats
