#pragma once

#include "infertrack/app/interpolation_query.hpp"
#include "infertrack/domain/headline_comparison.hpp"

#include <kainjow/mustache.hpp>

#include <span>

namespace infertrack::server::pages {

// The headline cards: each published figure beside the computed one, the difference, the bracket result
// ids and the caveat flags the source attached.
kainjow::mustache::data headline_cards(std::span<const domain::HeadlineComparison> comparisons);

// One row per configuration of `rows`: the state of its value at the target, the value, the results it
// comes from and its cost per million tokens.
kainjow::mustache::data interpolation_table(std::span<const app::InterpolationRow> rows);

// How a reader should read `state`: "interpolated", "measured", "lower bound", "unreachable".
const char* state_label(domain::InterpolationState state);

}  // namespace infertrack::server::pages
