#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <tl/expected.hpp>

// Checks and message pieces shared by the format readers, so that every format words the same mistake the
// same way: "what was wrong (got X, expected Y)".
namespace infertrack::formats {

// Longest piece of offending input quoted back in a message; the rest is elided.
inline constexpr std::size_t k_max_quoted_chars = 60;

// `text` in double quotes for a message, with control characters escaped and long text elided.
std::string quoted_text(std::string_view text);

// Whether `text` is a calendar date written YYYY-MM-DD (month and day checked, leap years included).
bool is_iso_date(std::string_view text);

// Why `text` is not the date of a benchmark run or a published figure: not a calendar date, or one outside 2000-01-01
// to 2099-12-31 (a year such as 1970 or 0000 is a broken export's default, not a measurement); nothing when it is one.
std::optional<std::string> date_problem(std::string_view text);

// The shortest decimal text that reads back as exactly `value`.
std::string number_text(double value);

// `text` without leading and trailing spaces and tabs.
std::string_view trim_blanks(std::string_view text);

// Why `prefill` and `decode` GPUs (each >= 0) cannot be one disaggregated deployment's pools, or nothing: their sum
// is beyond 2^63, where it could not be counted.
std::optional<std::string> gpu_pools_out_of_range(std::int64_t prefill, std::int64_t decode);

// Longest name or result id a reader takes: real ones are a few dozen characters.
inline constexpr std::size_t k_max_name_bytes = 256;

// Why `text` cannot be a name or an id, or nothing: a control character, a line break included (a NUL cannot be
// typed back on a command line, and an escape sequence would rewrite a terminal), or more than k_max_name_bytes, both
// once the spaces and tabs around it are trimmed.
std::optional<std::string> unprintable_name(std::string_view text);

// Why `text` cannot be a name, or nothing: nothing left once trimmed ("empty name"), or unprintable_name.
std::optional<std::string> unusable_name(std::string_view text);

// Why `id` cannot be a result id, or nothing: unprintable_name, and "." and ".." are ids a link to /points/{id}
// cannot name (browsers resolve them as path segments).
inline std::optional<std::string>
unlinkable_id(std::string_view id)
{
  if (auto problem = unprintable_name(id)) {
    return problem;
  }
  if (id != "." && id != "..") {
    return std::nullopt;
  }
  return "not an id a link can name (got " + quoted_text(id) + ", expected an id other than . and ..)";
}

// `canonical_of(name)` (one of domain/name_aliases.hpp) without blanks or line breaks left at its ends, so that
// reading the name back gives the same name (a GPU taken from inside a label, "mi3: 16" -> " 16", keeps its
// blank).
std::string canonical_name(std::string_view name, std::string (*canonical_of)(std::string_view));

// The canonical form of the last name read in one field or column: rows repeat a few names, so a repeat is
// neither checked nor canonicalised again.
class NameMemo
{
public:
  // `name` as canonical_name gives it, or why it cannot be a name: unprintable_name, or empty once canonical.
  // The view lasts until the next call.
  tl::expected<std::string_view, std::string> canonical(std::string_view name,
                                                        std::string (*canonical_of)(std::string_view));

private:
  std::string m_raw;
  std::string m_canonical;
  bool m_filled = false;
};

// The largest magnitude a number read from an input may have: far beyond any throughput, token count or demand
// (a rack serves some 1e7 tok/s), and small enough that multiplied by any GPU count it stays finite (a reading of
// 1.7e308 tok/s/GPU over 4 GPUs was stored as an infinite throughput).
inline constexpr double k_max_number_magnitude = 1e18;
// What a refusal of a number beyond it adds to the number expected ("a number >= 0 of magnitude at most 1e18").
inline constexpr std::string_view k_max_number_magnitude_words = " of magnitude at most 1e18";

// Parses all of `text` as a decimal integer or number; nullopt when anything is left over or it overflows (a
// number also beyond k_max_number_magnitude). `out_of_range` (when given) is set when the text is a number too large
// to hold.
std::optional<std::int64_t> parse_integer(std::string_view text, bool* out_of_range = nullptr);
std::optional<double> parse_number(std::string_view text, bool* out_of_range = nullptr);

// The key of a demand preset from its label: the words before " · " (or "(") lowercased and hyphenated,
// e.g. "OpenAI API · 21.6T/day" -> "openai-api".
std::string preset_key_from_label(std::string_view label);

// The GPU key a rack-scale system name mentions: its first word mixing letters and digits, lowercased,
// e.g. "NVIDIA GB200 NVL72" -> "gb200"; empty when there is none.
std::string gpu_key_from_name(std::string_view name);

}  // namespace infertrack::formats
