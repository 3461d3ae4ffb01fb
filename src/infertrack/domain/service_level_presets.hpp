#pragma once

#include "infertrack/domain/service_level.hpp"

#include <span>
#include <string>
#include <string_view>

namespace infertrack::domain {

// A named service-level target the tracker offers everywhere a target is asked for (the planner's presets, the
// glance table's columns, `--slo-preset`, GET /api/v1/slo/presets), kept in one list so that they never differ.
struct ServiceLevelPreset
{
  std::string_view key;   // for flags and answers: "chat"
  std::string_view label; // for people: "Chat"
  std::string_view slo;   // the target as parse_service_level_target reads it: "interactivity>=50,ttft_p99<=2s"
};

// Every preset, in the order they are offered: chat, reasoning, batch.
std::span<const ServiceLevelPreset> service_level_presets();

// The preset named `key`, or nullptr when none is.
const ServiceLevelPreset* find_service_level_preset(std::string_view key);

// "chat, reasoning or batch": the keys for a refusal or a help text.
std::string service_level_preset_keys();

// The preset's target, parsed. Every preset's text parses (a unit test reads each one).
ServiceLevelTarget preset_target(const ServiceLevelPreset& preset);

}  // namespace infertrack::domain
