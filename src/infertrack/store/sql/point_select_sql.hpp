#pragma once

#include "infertrack/domain/per_gpu_throughput.hpp"
#include "infertrack/store/records/record_columns.hpp"
#include "infertrack/store/store.hpp"

#include <string>
#include <string_view>

namespace infertrack::store {

// A SELECT of points (table alias `p`) with their notes, one row per point, in the listing order of
// Store::points(): every column of the point field table, then p.notes. `where` is an SQL condition over `p` with
// `?` parameters, or empty for every point.
std::string select_points_sql(std::string_view where);
// The same over `from`, a FROM clause that names the points `p` (a join that picks them, for example).
std::string select_points_sql(std::string_view where, std::string_view from);

// A SELECT of the points of the latest run of each configuration (Store::latest_points()), among the points
// `where_clause` (" WHERE ...", or "") keeps: the (configuration_id, MAX(date)) pairs come from
// points_by_configuration_id alone, and a join reads exactly the points of each chosen run through the same index.
std::string select_latest_points_sql(std::string_view where_clause);

// The fields domain::check_runs reads of each point: its id, configuration, workload, date, interactivity and
// per-GPU basis. A run's stored points are read to check it whole, and a point's other 37 columns and its notes
// were most of the cost of reading them.
const ChosenFields& run_check_fields();

// A SELECT of the run_check_fields() of points, in the same order as select_points_sql().
std::string select_run_points_sql(std::string_view where);

// The columns a frontier sample reads (Store::frontier_samples()), in this order: the configuration (model,
// hardware, framework, precision, spec_method, disaggregated, workload), date, result_id, concurrency, run_url,
// interactivity_p90, interactivity_median, `metric`'s per-GPU throughput, per_gpu_basis, prefill_gpus, decode_gpus.
std::string frontier_sample_columns(domain::ThroughputMetric metric);

// The SELECT of every stored name of `name` (Store::configuration_names()), sorted: one fixed statement per name, so
// the column is never text from outside.
const char* configuration_names_sql(ConfigurationName name);

}  // namespace infertrack::store
