#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/point_fields.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/util/result.hpp"

#include <array>

namespace infertrack::formats {

// What a JSON value of `field` must be, as a refusal of a missing one words it ("a string", "an integer > 0").
std::string_view json_expected(domain::PointField field);

// Reads JSON values into the point fields they fill, each by its rule in the point field table
// (domain/point_fields.hpp), so that the snapshot, InferenceX API and runner readers refuse a value in the same
// words. One reader serves a whole file, remembering the last canonical name per name field (rows repeat a few).
class JsonPointFields
{
public:
  // Reads `value` into the member of `point` that holds `field`, refusing what its rule does not allow. Optional
  // fields take null as unknown. A result id is trimmed and must not be empty; a label is trimmed.
  util::Result<void> read(domain::PointField field,
                          JsonValue& value,
                          const JsonPlace& at,
                          domain::BenchmarkPoint& point);

  // A name already read as `text` (one that may also be null or blank, checked first by the caller) into `field`.
  util::Result<void> assign_name(domain::PointField field,
                                 std::string_view text,
                                 const JsonPlace& at,
                                 domain::BenchmarkPoint& point);

private:
  static constexpr std::size_t k_name_fields = 4;  // model, hardware, framework, precision
  std::array<NameMemo, k_name_fields> m_memos;
};

}  // namespace infertrack::formats
