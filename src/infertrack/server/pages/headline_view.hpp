#pragma once

#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/domain/headline_comparison.hpp"

#include <kainjow/mustache.hpp>

#include <optional>
#include <span>
#include <string>

namespace infertrack::server::pages {

// The headline cards: each published figure beside the computed one, the difference, the bracket result
// ids and the caveat flags the source attached. With `as_of`, a card about a later run is hidden (the page's script
// shows it again for a later date): it had not been measured on that date.
kainjow::mustache::data headline_cards(std::span<const domain::HeadlineComparison> comparisons,
                                       const std::optional<std::string>& as_of = std::nullopt);

// Whether `comparison` is about a run measured after `as_of` (YYYY-MM-DD).
bool about_a_later_run(const domain::HeadlineComparison& comparison, const std::optional<std::string>& as_of);

// One row per configuration of `rows`: the state of its value at the target, the value, the results it
// comes from and its cost per million tokens.
kainjow::mustache::data interpolation_table(std::span<const app::InterpolationRow> rows);

// How a reader should read `state`: "interpolated", "measured", "lower bound", "unreachable".
const char* state_label(domain::InterpolationState state);

}  // namespace infertrack::server::pages
