#include "infertrack/store/sql/point_filter_sql.hpp"

namespace infertrack::store {

void
BoundConditions::add(std::string_view condition, Value value)
{
  m_conditions += m_conditions.empty() ? "" : " AND ";
  m_conditions += condition;
  m_values.push_back(value);
}

void
BoundConditions::add(std::string_view condition, const BoundConditions& inner)
{
  m_conditions += m_conditions.empty() ? "" : " AND ";
  m_conditions += condition;
  m_values.insert(m_values.end(), inner.m_values.begin(), inner.m_values.end());
}

BoundConditions
configuration_filter_conditions(const PointFilter& filter)
{
  BoundConditions conditions;
  auto add_text = [&](std::string_view condition, const std::optional<std::string>& value) {
    if (value) {
      conditions.add(condition, std::string_view(*value));
    }
  };
  add_text("model = ?", filter.model);
  add_text("hardware = ?", filter.hardware);
  add_text("framework = ?", filter.framework);
  add_text("precision = ?", filter.precision);
  // Stored as the sources spell it (it is part of result ids): "MTP" and "mtp" are found alike.
  add_text("LOWER(spec_method) = LOWER(?)", filter.spec_method);
  if (filter.disaggregated) {
    conditions.add("disaggregated = ?", std::int64_t{*filter.disaggregated ? 1 : 0});
  }
  return conditions;
}

void
add_date_conditions(BoundConditions& conditions, const PointFilter& filter, std::string_view column_prefix)
{
  const std::string prefix(column_prefix);
  if (filter.date) {
    conditions.add(prefix + "date = ?", std::string_view(*filter.date));
  }
  if (filter.as_of) {
    conditions.add(prefix + "date <= ?", std::string_view(*filter.as_of)); // YYYY-MM-DD text sorts as the dates do
  }
}

BoundConditions
point_filter_conditions(const PointFilter& filter, std::string_view column_prefix)
{
  BoundConditions conditions;
  const BoundConditions configuration = configuration_filter_conditions(filter);
  if (!configuration.conditions().empty()) {
    conditions.add(std::string(column_prefix) + "configuration_id IN (SELECT id FROM configurations WHERE " +
                     configuration.conditions() + ")",
                   configuration);
  } else if (filter.date || filter.as_of) {
    // Dates have no index of their own: every configuration, so that the date is sought in each one's part of
    // points_by_configuration_id rather than by reading the whole table.
    conditions.add(std::string(column_prefix) + "configuration_id IN (SELECT id FROM configurations)", configuration);
  }
  add_date_conditions(conditions, filter, column_prefix);
  return conditions;
}

}  // namespace infertrack::store
