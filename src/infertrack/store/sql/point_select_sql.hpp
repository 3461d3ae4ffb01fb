#pragma once

#include "infertrack/store/records/record_columns.hpp"

#include <string>
#include <string_view>

namespace infertrack::store {

// A SELECT of points (table alias `p`) with their notes, one row per point, in the listing order of
// Store::points(): every column of the point field table, then p.notes. `where` is an SQL condition over `p` with
// `?` parameters, or empty for every point.
std::string select_points_sql(std::string_view where);
// The same over `from`, a FROM clause that names the points `p` (a join that picks them, for example).
std::string select_points_sql(std::string_view where, std::string_view from);

// The fields domain::check_runs reads of each point: its id, configuration, workload, date, interactivity and
// per-GPU basis. A run's stored points are read to check it whole, and a point's other 37 columns and its notes
// were most of the cost of reading them.
const ChosenFields& run_check_fields();

// A SELECT of the run_check_fields() of points, in the same order as select_points_sql().
std::string select_run_points_sql(std::string_view where);

}  // namespace infertrack::store
