#pragma once

#include "infertrack/domain/interpolation.hpp"
#include "infertrack/store/store.hpp"

#include <kainjow/mustache.hpp>

#include <optional>
#include <string>

namespace infertrack::server::pages {

// The tracker page's glance section: the glance table (app/queries/glance_query.hpp) of `model` as of `as_of` (the
// latest runs when none), with one row per configuration, one column per target and then per service-level preset,
// and the link to its CSV download (GET /api/v1/glance?...&format=csv). Members: model, has_model, has_rows,
// has_columns, columns [{label, heading}], slo_columns [{title, heading}], rows [{configuration, run_date, cells
// [{text, state, title}], slo_cells [{class, key, text, title}]}], csv_url, has_targets_left_out, targets_left_out.
kainjow::mustache::data glance_section(store::Store& store,
                                       const std::optional<std::string>& model,
                                       const std::optional<std::string>& as_of);

// The text of one glance cell, as the page's script writes it too: interpolated values bare, a lower bound after
// "≥ ", a measured value followed by " measured", no value as "—".
std::string glance_cell_text(const domain::InterpolatedThroughput& cell);

}  // namespace infertrack::server::pages
