#include "infertrack/formats/snapshot_sections.hpp"

#include "infertrack/domain/capacity_plan.hpp"
#include "infertrack/domain/name_aliases.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <set>
#include <utility>

namespace infertrack::formats {

namespace {

// Whether `name` mentions `gpu` (a canonical GPU key) as a word of its own: "8x NVIDIA H100 SXM", "DGX-B200" and
// "GB200NVL72" do, "NVIDIA GB200 NVL72" does not mention b200.
bool
mentions_gpu(std::string_view name, std::string_view gpu)
{
  const std::string lower = util::ascii_lower(name);
  const auto alphanumeric = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t at = lower.find(gpu); !gpu.empty() && at != std::string::npos; at = lower.find(gpu, at + 1)) {
    const std::size_t end = at + gpu.size();
    if ((at == 0 || !alphanumeric(lower[at - 1]))
        && (end == lower.size() || !std::isdigit(static_cast<unsigned char>(lower[end])))) {
      return true;
    }
  }
  return false;
}


using util::Result;

constexpr std::string_view k_headline_prefix = "headline_";
constexpr double k_trillion = 1e12;  // preset values are trillions of tokens per day

// A required member of an object, and how its expected value is worded.
using RequiredField = std::pair<std::string_view, std::string_view>;

constexpr std::array<RequiredField, 1> k_headline_required = {{{"reported_total_tps_per_gpu", "a number >= 0"}}};
// A rack size is optional: some published cost tables give none, and a plan then asks for one.
constexpr std::array<RequiredField, 4> k_hardware_required = {{
  {"name", "a string"},
  {"cost_per_gpu_hour", "a number > 0"},
  {"all_in_power_kw_per_gpu", "a number > 0"},
  {"retrieved", "a date YYYY-MM-DD"},
}};
constexpr std::array<RequiredField, 2> k_preset_required = {{{"label", "a string"}, {"value", "a number > 0 or null"}}};

// The keys met in one object: a key given twice is refused, a required one missing too.
class SeenKeys
{
public:
  Result<void> insert(std::string_view key, const JsonPlace& at)
  {
    if (!m_keys.insert(std::string(key)).second) {
      return fail_at(at, "duplicate field (got " + quoted_text(key) + " twice, expected it once)");
    }
    return {};
  }

  template<std::size_t N>
  Result<void> require(const std::array<RequiredField, N>& required, JsonPlace at) const
  {
    for (const auto& [key, expected] : required) {
      if (m_keys.count(std::string(key)) == 0) {
        at.field = key;
        return fail_at(at, "missing required field (got nothing, expected " + std::string(expected) + ")");
      }
    }
    return {};
  }

private:
  std::set<std::string> m_keys;
};

tl::unexpected<util::Diagnostic>
unknown_field(const JsonPlace& at, std::string_view key, std::string_view expected)
{
  return fail_at(at, "unknown field (got " + quoted_text(key) + ", expected one of " + std::string(expected) + ")");
}

std::string
lowercase(std::string_view text)
{
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  });
  return out;
}

Result<void>
read_flag(JsonValue& value, const JsonPlace& at, bool& out)
{
  INFERTRACK_TRY_ASSIGN(flag, read_bool(value, at));
  out = flag;
  return {};
}

Result<void>
read_headline_member(std::string_view key, JsonValue& value, const JsonPlace& at, domain::PublishedHeadline& headline)
{
  if (key == "reported_total_tps_per_gpu") {
    INFERTRACK_TRY_ASSIGN(tps, read_number(value, at, NumberRule::non_negative));
    headline.total_tps_per_gpu = tps;
    return {};
  }
  if (key == "interpolated") {
    return read_flag(value, at, headline.interpolated);
  }
  if (key == "extra_disagg_factor_in_overview") {
    return read_flag(value, at, headline.extra_disagg_factor_in_overview);
  }
  if (key == "use_as_decode_tps") {
    return read_flag(value, at, headline.use_as_decode_tps);
  }
  if (key == "bracket_result_ids") {
    return for_each_element(value, at, "an array of result ids", [&](JsonValue& id, std::size_t) -> Result<void> {
      INFERTRACK_TRY_ASSIGN(text, read_id_text(id, at));
      headline.bracket_result_ids.push_back(std::move(text));
      return {};
    });
  }
  return unknown_field(at,
                       key,
                       "reported_total_tps_per_gpu, interpolated, bracket_result_ids, "
                       "extra_disagg_factor_in_overview, use_as_decode_tps");
}

Result<void>
read_hardware_member(std::string_view key, JsonValue& value, const JsonPlace& at, domain::HardwareCost& hardware)
{
  if (key == "name") {
    INFERTRACK_TRY_ASSIGN(name, read_string(value, at));
    if (auto problem = unusable_name(name)) {
      return fail_at(at, std::move(*problem));
    }
    hardware.name = std::string(trim_blanks(name));
  } else if (key == "gpus_per_rack") {
    INFERTRACK_TRY_ASSIGN(given, read_optional_count(value, at));
    if (!given) {
      return {};
    }
    const std::int64_t gpus = *given; // read_count refuses 0 and below
    // The planner's bound, refused here rather than by every plan for this hardware later.
    if (gpus > domain::k_max_gpus_per_rack) {
      return fail_at(at, fmt::format("too many GPUs in one rack (got {}, expected at most {})", gpus,
                                     domain::k_max_gpus_per_rack));
    }
    hardware.gpus_per_rack = gpus;
  } else if (key == "cost_per_gpu_hour") {
    INFERTRACK_TRY_ASSIGN(cost, read_number(value, at, NumberRule::positive));
    hardware.cost_per_gpu_hour = cost;
  } else if (key == "all_in_power_kw_per_gpu") {
    INFERTRACK_TRY_ASSIGN(kw, read_number(value, at, NumberRule::positive));
    hardware.kw_per_gpu = kw;
  } else if (key == "retrieved") {
    INFERTRACK_TRY_ASSIGN(date, read_string(value, at));
    if (auto problem = date_problem(date)) {
      return fail_at(at, *problem);
    }
    hardware.effective_date = std::string(date);
  } else if (key == "source_url") {
    INFERTRACK_TRY_ASSIGN(url, read_optional_string(value, at));
    if (url) {
      hardware.source_url = std::string(*url);
    }
  } else {
    return unknown_field(
      at, key, "name, gpus_per_rack, cost_per_gpu_hour, all_in_power_kw_per_gpu, retrieved, source_url");
  }
  return {};
}

Result<void>
read_preset_member(std::string_view key, JsonValue& value, const JsonPlace& at, domain::DemandPreset& preset)
{
  if (key == "label") {
    INFERTRACK_TRY_ASSIGN(label, read_string(value, at));
    preset.label = std::string(label);
  } else if (key == "value") {
    INFERTRACK_TRY_ASSIGN(trillions, read_optional_number(value, at, NumberRule::positive));
    if (trillions && !std::isfinite(*trillions * k_trillion)) {
      return fail_at(at,
                     "number out of range (got " + number_text(*trillions) + ", expected trillions of tokens per day)");
    }
    if (trillions) {
      preset.tokens_per_day = *trillions * k_trillion;
    }
  } else if (key == "note") {
    INFERTRACK_TRY_ASSIGN(note, read_optional_string(value, at));
    preset.note = std::string(note.value_or(""));
  } else if (key == "source_url") {
    INFERTRACK_TRY_ASSIGN(url, read_optional_string(value, at));
    if (url) {
      preset.source_url = std::string(*url);
    }
  } else {
    return unknown_field(at, key, "label, value, note, source_url");
  }
  return {};
}

// Reads the headline `label` of the `key` object (e.g. headline_100), a headline at `target` tok/s/user.
Result<domain::PublishedHeadline>
read_headline(JsonValue& value, std::string_view key, std::string_view label, double target)
{
  const std::string section = std::string(key) + "." + std::string(label);
  const JsonPlace at{section, JsonPlace::k_no_index, {}};
  domain::PublishedHeadline headline;
  headline.label = std::string(label);
  headline.target_interactivity = target;
  SeenKeys seen;
  INFERTRACK_TRY(for_each_field(value,
                                at,
                                "a headline object",
                                [&](std::string_view member, JsonValue& field, const JsonPlace& place) -> Result<void> {
                                  INFERTRACK_TRY(seen.insert(member, place));
                                  return read_headline_member(member, field, place, headline);
                                }));
  INFERTRACK_TRY(seen.require(k_headline_required, at));
  return headline;
}

// Reads `presets[index]` and gives it its key, distinct from the keys of the `earlier` presets.
Result<domain::DemandPreset>
read_preset(JsonValue& value, std::size_t index, const std::vector<domain::DemandPreset>& earlier)
{
  const JsonPlace at{"presets", index, {}};
  domain::DemandPreset preset;
  SeenKeys seen;
  INFERTRACK_TRY(for_each_field(
    value, at, "a preset object", [&](std::string_view key, JsonValue& field, const JsonPlace& place) -> Result<void> {
      INFERTRACK_TRY(seen.insert(key, place));
      return read_preset_member(key, field, place, preset);
    }));
  INFERTRACK_TRY(seen.require(k_preset_required, at));
  // The entry without a value is the user's own assumption, whatever its label says.
  preset.key = preset.tokens_per_day ? preset_key_from_label(preset.label) : "custom";
  const JsonPlace label_place{"presets", index, "label"};
  if (preset.key.empty()) {
    return fail_at(label_place,
                   "no name in the label (got " + quoted_text(preset.label)
                     + ", expected a label such as \"Fireworks · 40T/day\")");
  }
  for (const auto& known : earlier) {
    if (known.key == preset.key) {
      return fail_at(label_place,
                     "duplicate preset (got key " + quoted_text(preset.key) + " twice, expected distinct labels)");
    }
  }
  return preset;
}

}  // namespace

Result<std::vector<domain::PublishedHeadline>>
read_headlines(JsonValue value, std::string_view key)
{
  const JsonPlace top{"snapshot", JsonPlace::k_no_index, key};
  const std::string_view target_text = key.substr(k_headline_prefix.size());
  const std::optional<double> target = parse_number(target_text);
  if (!target || *target <= 0) {
    return fail_at(top,
                   "unknown headline target (got " + quoted_text(target_text)
                     + ", expected a target interactivity > 0 as in headline_100)");
  }
  std::vector<domain::PublishedHeadline> headlines;
  const JsonPlace labels{key, JsonPlace::k_no_index, {}};
  INFERTRACK_TRY(for_each_field(
    value,
    top,
    labels,
    "an object of headlines by label",
    [&](std::string_view label, JsonValue& field, const JsonPlace& place) -> Result<void> {
      for (const auto& known : headlines) {
        if (known.label == label) {
          return fail_at(place, "duplicate field (got " + quoted_text(label) + " twice, expected it once)");
        }
      }
      INFERTRACK_TRY_ASSIGN(headline, read_headline(field, key, label, *target));
      headlines.push_back(std::move(headline));
      return {};
    }));
  return headlines;
}

Result<domain::HardwareCost>
read_hardware(JsonValue value)
{
  domain::HardwareCost hardware;
  SeenKeys seen;
  const JsonPlace top{"snapshot", JsonPlace::k_no_index, "hardware"};
  const JsonPlace at{"hardware", JsonPlace::k_no_index, {}};
  INFERTRACK_TRY(for_each_field(value,
                                top,
                                at,
                                "a hardware object",
                                [&](std::string_view key, JsonValue& field, const JsonPlace& place) -> Result<void> {
                                  INFERTRACK_TRY(seen.insert(key, place));
                                  return read_hardware_member(key, field, place, hardware);
                                }));
  INFERTRACK_TRY(seen.require(k_hardware_required, at));
  return hardware;
}

Result<std::vector<domain::DemandPreset>>
read_presets(JsonValue value)
{
  std::vector<domain::DemandPreset> presets;
  const JsonPlace top{"snapshot", JsonPlace::k_no_index, "presets"};
  INFERTRACK_TRY(
    for_each_element(value, top, "an array of presets", [&](JsonValue& element, std::size_t index) -> Result<void> {
      INFERTRACK_TRY_ASSIGN(preset, read_preset(element, index, presets));
      presets.push_back(std::move(preset));
      return {};
    }));
  return presets;
}

Result<void>
resolve_headlines(std::vector<domain::PublishedHeadline>& headlines, const KeptPoints& points)
{
  if (headlines.empty()) {
    return {};
  }
  std::vector<std::string_view> models(points.models().begin(), points.models().end());
  std::sort(models.begin(), models.end());
  for (auto& headline : headlines) {
    const std::string section = std::string(k_headline_prefix) + number_text(headline.target_interactivity);
    const std::string label = lowercase(headline.label);
    std::vector<std::string_view> matches;
    for (const auto& model : models) {
      if (!label.empty() && lowercase(model).find(label) != std::string::npos) {
        matches.push_back(model);
      }
    }
    if (matches.size() != 1) {
      std::string got = matches.empty() ? "no model of the points" : std::string(matches[0]);
      for (std::size_t i = 1; i < matches.size(); ++i) {
        got += " and " + std::string(matches[i]);
      }
      return fail_at(JsonPlace{section, JsonPlace::k_no_index, headline.label},
                     std::string(matches.empty() ? "unknown" : "ambiguous") + " headline label (got "
                       + quoted_text(headline.label) + " matching " + got
                       + ", expected a label contained in exactly one model name)");
    }
    headline.model = std::string(matches[0]);
    for (const auto& id : headline.bracket_result_ids) {
      if (!points.contains(id)) {
        return fail_at(JsonPlace{section + "." + headline.label, JsonPlace::k_no_index, "bracket_result_ids"},
                       "unknown result id (got " + quoted_text(id)
                         + ", expected the result_id of a point in the file)");
      }
    }
  }
  return {};
}

Result<void>
resolve_hardware_key(domain::HardwareCost& hardware, const KeptPoints& points)
{
  const std::string from_name = gpu_key_from_name(hardware.name);
  if (const std::optional<std::string_view> shared = points.shared_hardware()) {
    // Figures of another system would price the points' GPU with another GPU's cost and power.
    if (!from_name.empty() && !mentions_gpu(hardware.name, *shared)
        && canonical_name(from_name, domain::canonical_hardware) != *shared) {
      return fail_at(JsonPlace{"hardware", JsonPlace::k_no_index, "name"},
                     "names another GPU than the points' (got " + quoted_text(hardware.name) + ", expected figures of "
                       + quoted_text(*shared) + ", the GPU every point names)");
    }
    hardware.hardware = std::string(*shared);
    return {};
  }
  if (from_name.empty()) {
    return fail_at(JsonPlace{"hardware", JsonPlace::k_no_index, "name"},
                   "no GPU in the name (got " + quoted_text(hardware.name)
                     + ", expected a name such as \"NVIDIA GB200 NVL72\" when the points name several GPUs)");
  }
  hardware.hardware = canonical_name(from_name, domain::canonical_hardware);
  return {};
}

}  // namespace infertrack::formats
