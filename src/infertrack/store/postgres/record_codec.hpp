#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/records/record_columns.hpp"
#include "infertrack/store/sql/point_filter_sql.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store::postgres {

// `sql` with SQLite's `?` parameters numbered as PostgreSQL's $1, $2, ... in order (outside quoted text), so that
// the shared SQL (store/sql/) runs on both engines.
std::string numbered(std::string_view sql);

// The values of `conditions` as statement parameters.
Params params_of(const BoundConditions& conditions);

// A PostgreSQL array literal of `values` ({"a","b"}), for `= ANY($1)`.
std::string array_literal(std::span<const std::string_view> values);

// Reads one stored value of each field type from row `row`, column `column`.
void read_value(const Rows& rows, int row, int column, std::string& value);
void read_value(const Rows& rows, int row, int column, std::optional<std::string>& value);
void read_value(const Rows& rows, int row, int column, std::int64_t& value);
void read_value(const Rows& rows, int row, int column, std::optional<std::int64_t>& value);
void read_value(const Rows& rows, int row, int column, bool& value);
void read_value(const Rows& rows, int row, int column, double& value);
void read_value(const Rows& rows, int row, int column, std::optional<double>& value);
void read_value(const Rows& rows, int row, int column, domain::PerGpuBasis& value);
void read_value(const Rows& rows, int row, int column, std::vector<std::string>& value);

// Reads the fields of `record` (or the `chosen` ones) from consecutive columns from `first`; returns the next one.
template<typename Record>
int
read_record(const Rows& rows, int row, Record& record, int first, const ChosenFields& chosen = k_all_fields)
{
  int column = first;
  std::size_t i = 0;
  RecordFields<Record>::visit(
    [&](FieldName, auto& value) {
      if (chosen[i++]) {
        read_value(rows, row, column++, value);
      }
    },
    record);
  return column;
}

// The points of `rows`, a SELECT made by select_points_sql(), each with its notes.
std::vector<domain::BenchmarkPoint> read_points(const Rows& rows);

// Adds each field of a record as a parameter (the SQL text of a value for `Params`), and notes the first NaN.
class RecordParams
{
public:
  template<typename Record> void add(Params& params, const Record& record)
  {
    m_nan_field = nullptr;
    RecordFields<Record>::visit([&](FieldName name, const auto& value) { add_value(params, name, value); }, record);
  }
  // The domain name of the first NaN field of the last add, or null: a NaN cannot be stored to read back equal.
  const char* nan_field() const { return m_nan_field; }

private:
  void add_value(Params& params, FieldName, const std::string& value) { params.add(value); }
  void add_value(Params& params, FieldName, const std::optional<std::string>& value) { params.add(value); }
  void add_value(Params& params, FieldName, std::int64_t value) { params.add(value); }
  void add_value(Params& params, FieldName, const std::optional<std::int64_t>& value) { params.add(value); }
  void add_value(Params& params, FieldName, bool value) { params.add(value); }
  void add_value(Params& params, FieldName name, double value);
  void add_value(Params& params, FieldName name, const std::optional<double>& value);
  void add_value(Params& params, FieldName name, domain::PerGpuBasis value);
  void add_value(Params& params, FieldName name, const std::vector<std::string>& value);

  const char* m_nan_field = nullptr;
};

}  // namespace infertrack::store::postgres
