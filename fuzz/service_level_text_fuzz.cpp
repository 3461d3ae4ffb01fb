// libFuzzer target for the short texts a plan or service-level request carries (?slo=, ?demand=, ?mix= and the
// CLI flags of the same names): any bytes must give a value or a diagnostic, never a crash, a sanitizer report or a
// hang. A service-level target written back as text reads back the same; a demand or mix read is a usable figure.
#include "infertrack/domain/capacity_plan.hpp"
#include "infertrack/domain/service_level.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace domain = infertrack::domain;

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  const auto target = domain::parse_service_level_target(text);
  if (!target) {
    if (target.error().message.empty()) {
      __builtin_trap();
    }
  } else {
    if (target->limits.empty()) {
      __builtin_trap();
    }
    for (const auto& limit : target->limits) {
      if (!std::isfinite(limit.value) || limit.value <= 0 || limit.text.empty()) {
        __builtin_trap();
      }
    }
    // Answers and share links carry the normalised text: it must name the same target.
    const auto again = domain::parse_service_level_target(target->text());
    if (!again || again->limits != target->limits) {
      __builtin_trap();
    }
  }

  const auto demand = domain::parse_token_demand(text);
  if (!demand ? demand.error().message.empty() : !(std::isfinite(*demand) && *demand > 0)) {
    __builtin_trap();
  }
  const auto mix = domain::parse_token_mix(text);
  if (!mix ? mix.error().message.empty()
           : !(std::isfinite(mix->input) && std::isfinite(mix->output) && mix->input >= 0 && mix->output >= 0
               && mix->input + mix->output > 0)) {
    __builtin_trap();
  }
  return 0;
}
