#include "infertrack/formats/input_format.hpp"

#include "infertrack/formats/csv_comments.hpp"
#include "infertrack/formats/csv_rows.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/inferencex_evals.hpp"
#include "infertrack/formats/inferencex_rows.hpp"
#include "infertrack/formats/inferencex_runner_rows.hpp"
#include "infertrack/formats/points_csv.hpp"
#include "infertrack/formats/points_csv_columns.hpp"
#include "infertrack/formats/snapshot_reader.hpp"

#include <fmt/core.h>

#include <array>
#include <bitset>

namespace infertrack::formats {

namespace {

constexpr std::string_view k_utf8_bom = "\xEF\xBB\xBF";

std::string_view
without_bom(std::string_view content)
{
  return content.starts_with(k_utf8_bom) ? content.substr(k_utf8_bom.size()) : content;
}

bool
is_json_space(char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::size_t
skip_space(std::string_view text, std::size_t pos)
{
  while (pos < text.size() && is_json_space(text[pos])) {
    ++pos;
  }
  return pos;
}

// The end of the JSON string whose opening quote is at `open` (the index of its closing quote), or npos. A quote
// is escaped when an odd number of backslashes precede it. Found with memchr rather than byte by byte with a
// backslash skipping the next one, which made each byte wait for the last: 2.7 instead of 1.0 us to detect a
// 1 KB runner object, scanned whole for a snapshot's "points".
std::size_t
string_end(std::string_view text, std::size_t open)
{
  for (std::size_t quote = text.find('"', open + 1); quote != std::string_view::npos;
       quote = text.find('"', quote + 1)) {
    std::size_t backslashes = 0;
    while (quote - backslashes - 1 > open && text[quote - backslashes - 1] == '\\') {
      ++backslashes;
    }
    if (backslashes % 2 == 0) {
      return quote;
    }
  }
  return std::string_view::npos;
}

// Calls `on_key(key, value_pos)` for each member key of the JSON object opening at `pos`, with the position of
// its value, until `on_key` returns true or the object ends. A shallow scan (strings and nesting only): the
// reader validates the whole text afterwards. Returns whether `on_key` stopped it.
template<typename OnKey>
bool
scan_object_keys(std::string_view text, std::size_t pos, OnKey&& on_key)
{
  int depth = 0;
  for (; pos < text.size(); ++pos) {
    const char c = text[pos];
    if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) {
        return false;
      }
    } else if (c == '"') {
      const std::size_t start = pos + 1;
      pos = string_end(text, pos);
      if (pos == std::string_view::npos) {
        return false;
      }
      const std::size_t colon = skip_space(text, pos + 1);
      if (depth == 1 && colon < text.size() && text[colon] == ':'
          && on_key(text.substr(start, pos - start), skip_space(text, colon + 1))) {
        return true;
      }
    }
  }
  return false;
}

// Whether a JSON object has a top-level "points" member holding an array.
bool
is_snapshot(std::string_view text)
{
  const std::size_t pos = skip_space(text, 0);
  if (pos >= text.size() || text[pos] != '{') {
    return false;
  }
  bool array = false;
  scan_object_keys(text, pos, [&](std::string_view key, std::size_t value) {
    if (key != "points") {
      return false;
    }
    array = value < text.size() && text[value] == '[';
    return true;  // the first "points" decides
  });
  return array;
}

// Whether a JSON array's first element is an object with "hardware" and "metrics" members: an InferenceX
// API benchmarks answer.
bool
is_inferencex_rows(std::string_view text)
{
  std::size_t pos = skip_space(text, 0);
  if (pos >= text.size() || text[pos] != '[') {
    return false;
  }
  pos = skip_space(text, pos + 1);
  if (pos >= text.size() || text[pos] != '{') {
    return false;
  }
  bool hardware = false;
  bool metrics = false;
  return scan_object_keys(text, pos, [&](std::string_view key, std::size_t) {
    hardware = hardware || key == "hardware";
    metrics = metrics || key == "metrics";
    return hardware && metrics;
  });
}

// Whether the JSON object opening at `pos` has "hw" and "conc" members: the runner's result object.
bool
is_runner_object(std::string_view text, std::size_t pos)
{
  if (pos >= text.size() || text[pos] != '{') {
    return false;
  }
  bool hw = false;
  bool conc = false;
  return scan_object_keys(text, pos, [&](std::string_view key, std::size_t) {
    hw = hw || key == "hw";
    conc = conc || key == "conc";
    return hw && conc;
  });
}

// An InferenceX runner result (agg_*.json), or an array whose first element is one (the collected agg_bmk.json).
bool
is_inferencex_runner_rows(std::string_view text)
{
  std::size_t pos = skip_space(text, 0);
  if (pos < text.size() && text[pos] == '[') {
    pos = skip_space(text, pos + 1);
  }
  return is_runner_object(text, pos);
}

// The required columns the first line of `text` lacks; all of them when it is not a CSV line at all.
std::vector<std::string_view>
missing_csv_columns(std::string_view text)
{
  std::string_view first_line = text.substr(0, text.find('\n'));
  if (first_line.ends_with('\r')) {
    first_line.remove_suffix(1);  // a CRLF line end: the CR is not part of the last name
  }
  CsvRows rows(first_line);
  std::vector<std::string_view> cells;
  CsvRows::Error error;
  std::bitset<k_csv_column_count> seen;
  if (rows.next(cells, error) == CsvRows::Status::row && rows.row_line() == 1) {
    for (std::string_view cell : cells) {
      if (const auto column = csv_column_named(trim_blanks(cell))) {
        seen[static_cast<std::size_t>(*column)] = true;
      }
    }
  }
  std::vector<std::string_view> missing;
  for (CsvColumn column : k_csv_required_columns) {
    if (!seen[static_cast<std::size_t>(column)]) {
      missing.push_back(name_of(column));
    }
  }
  return missing;
}

// A points CSV may open with '#' lines (an export's provenance): the header is the first other line.
std::string_view
without_csv_comments(std::string_view text)
{
  return text.substr(leading_csv_comments(text).bytes);
}

bool
is_points_csv(std::string_view text)
{
  return missing_csv_columns(without_csv_comments(text)).empty();
}

// One entry per format, tried in order. A new format adds a row.
struct FormatEntry
{
  InputFormat format;
  bool (*detect)(std::string_view content);
  util::Result<domain::Dataset> (*read)(std::string_view content,
                                        const RunDefaults& defaults,
                                        const JsonParsing& parsing,
                                        const PointBatchSink* batches);
  std::string_view description;
};

const std::array k_formats = {
  FormatEntry{InputFormat::snapshot,
              is_snapshot,
              [](std::string_view content, const RunDefaults&, const JsonParsing& parsing, const PointBatchSink* batches) {
                return read_snapshot(content, parsing, batches);
              },
              "snapshot (a JSON object with a \"points\" array)"},
  FormatEntry{InputFormat::points_csv,
              is_points_csv,
              [](std::string_view content, const RunDefaults&, const JsonParsing&, const PointBatchSink* batches) {
                return read_points_csv(content, batches);
              },
              "points_csv (a CSV whose header names at least model, hardware, framework, precision, date, "
              "concurrency, total_allocated_gpus, tput_per_gpu, interactivity, interactivity_basis)"},
  FormatEntry{InputFormat::inferencex_rows,
              is_inferencex_rows,
              [](std::string_view content, const RunDefaults&, const JsonParsing& parsing, const PointBatchSink* batches) {
                return read_inferencex_rows(content, parsing, batches);
              },
              "inferencex_rows (a JSON array of InferenceX API benchmark rows, the first an object with "
              "\"hardware\" and \"metrics\")"},
  FormatEntry{InputFormat::inferencex_runner_rows,
              is_inferencex_runner_rows,
              read_inferencex_runner_rows,
              "inferencex_runner_rows (an InferenceX runner result object with \"hw\" and \"conc\", as in "
              "agg_*.json, or an array of them)"},
  FormatEntry{InputFormat::inferencex_evals,
              looks_like_inferencex_evals,
              [](std::string_view content, const RunDefaults&, const JsonParsing& parsing, const PointBatchSink*) {
                return read_inferencex_evals(content, parsing);
              },
              "inferencex_evals (a JSON array of InferenceX evaluation rows, the first an object with \"task\" "
              "or \"score\")"},
};

// What the content looks like, for the "got" part of an unknown-format diagnostic.
std::string
describe_unknown(std::string_view content)
{
  const std::size_t first = skip_space(content, 0);
  if (first >= content.size()) {
    return "empty input";
  }
  if (content[first] == '{') {
    return "a JSON object without a top-level \"points\" array or \"hw\" and \"conc\" members";
  }
  if (content[first] == '[') {
    return "a JSON array whose first element is not an object with \"hardware\" and \"metrics\", \"hw\" and "
           "\"conc\", or \"task\" or \"score\"";
  }
  // No input format holds a NUL byte: a binary file (a database, an image) is said to be one, not read as a line.
  constexpr std::size_t k_looked_at = 4096;
  if (const std::size_t nul = content.substr(0, k_looked_at).find('\0'); nul != std::string_view::npos) {
    const bool database = content.starts_with(std::string_view("SQLite format 3\0", 16));
    return fmt::format("a binary file{} (a NUL byte at byte {}), not text", database ? ", an SQLite database" : "",
                       nul + 1);
  }
  content = without_csv_comments(content);
  std::string missing;
  for (std::string_view name : missing_csv_columns(content)) {
    missing += missing.empty() ? "" : ", ";
    missing += name;
  }
  std::string_view line = content.substr(0, content.find('\n'));
  // Rows end with LF or CRLF: with lines ending in CR alone, the whole file is one first line.
  const std::size_t lone_cr = line.substr(0, line.size() - (line.ends_with('\r') ? 1 : 0)).find('\r');
  if (lone_cr != std::string_view::npos) {
    return "a first line " + quoted_text(line.substr(0, lone_cr)) + " ended by a carriage return alone (lines end "
           "with LF or CRLF here), so not a points CSV header (lacking " + missing + ")";
  }
  return "a first line " + quoted_text(line) + " that is not a points CSV header (lacking " + missing + ")";
}

}  // namespace

const char*
to_string(InputFormat format)
{
  switch (format) {
    case InputFormat::snapshot:
      return "snapshot";
    case InputFormat::points_csv:
      return "points_csv";
    case InputFormat::inferencex_rows:
      return "inferencex_rows";
    case InputFormat::inferencex_runner_rows:
      return "inferencex_runner_rows";
    case InputFormat::inferencex_evals:
      return "inferencex_evals";
  }
  return "unknown";
}

std::optional<InputFormat>
detect_format(std::string_view content)
{
  content = without_bom(content);
  for (const auto& entry : k_formats) {
    if (entry.detect(content)) {
      return entry.format;
    }
  }
  return std::nullopt;
}

AsCarried
as_carried_by_format_of(std::string_view content)
{
  return detect_format(content) == InputFormat::points_csv ? as_carried_by_points_csv : nullptr;
}

util::Result<domain::Dataset>
read_input(std::string_view content,
           const std::string& source,
           const RunDefaults& defaults,
           const JsonParsing& parsing,
           const PointBatchSink* batches)
{
  const std::optional<InputFormat> format = detect_format(content);
  for (const auto& entry : k_formats) {
    if (format && entry.format == *format) {
      auto dataset = entry.read(content, defaults, parsing, batches);
      if (!dataset) {
        dataset.error().file = source;
        return dataset;
      }
      dataset->source = source;
      return dataset;
    }
  }
  std::string supported;
  for (const auto& entry : k_formats) {
    supported += supported.empty() ? "" : "; ";
    supported += entry.description;
  }
  return tl::unexpected<util::Diagnostic>(util::Diagnostic{
    source,
    "",
    "",
    "unknown input format (got " + describe_unknown(without_bom(content)) + ", expected one of: " + supported + ")"});
}

}  // namespace infertrack::formats
