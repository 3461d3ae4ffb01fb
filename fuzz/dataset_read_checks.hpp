#pragma once

// What every reader's fuzz target checks of one input: a refusal says something; a dataset read survives the
// CSV export (written, it reads back whole) and the data-quality pass every ingest runs on it; detection and
// dispatch see the same bytes; reading in place from a zero-padded buffer with a parser kept across inputs (as
// `ingest` reads files), and reading arrays in tiny windows, give what the copying read gives. A broken promise
// traps, which libFuzzer reports as a crash.

#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/input_format.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/formats/padded_text.hpp"
#include "infertrack/formats/points_csv.hpp"

#include <simdjson.h>

#include <string_view>

template<typename Read>
void
check_dataset_read(Read read, std::string_view text)
{
  if (!read) {
    if (read.error().message.empty()) {
      __builtin_trap();
    }
  } else {
    const auto exported = infertrack::formats::read_points_csv(infertrack::formats::write_points_csv(read->points));
    if (!exported || exported->points.size() != read->points.size()) {
      __builtin_trap();
    }
    for (auto& point : read->points) {
      infertrack::domain::complete_point(point);
      (void)infertrack::domain::check_point(point);
    }
  }
  const auto format = infertrack::formats::detect_format(text);
  const auto copied = infertrack::formats::read_input(text, "fuzz.json");
  static infertrack::formats::JsonParser parser; // kept across inputs, as across the files of a directory
  infertrack::formats::PaddedText padded;
  padded.append(text);
  const auto in_place = infertrack::formats::read_input(
    padded.text(), "fuzz.json", {}, {infertrack::formats::InputPadding::zeroed, &parser});
  if (copied.has_value() != in_place.has_value()
      || (copied && copied->points.size() != in_place->points.size())
      || (!copied && copied.error().message != in_place.error().message)) {
    __builtin_trap();
  }
  // Large arrays are read a window at a time: windows of 32 bytes put the cuts between windows everywhere in the
  // fuzzer's short inputs. Windows may not accept what a whole read refuses, nor read other points, nor refuse
  // valid JSON that a whole read accepts. They may name another mistake when there are several: they meet one in
  // an early window first.
  const auto windowed = infertrack::formats::read_input(
    padded.text(), "fuzz.json", {}, {infertrack::formats::InputPadding::zeroed, &parser, 32});
  if ((windowed && !copied) || (windowed && copied && windowed->points.size() != copied->points.size())) {
    __builtin_trap();
  }
  // A JSON reader that accepts a text, in whole or in windows, has read valid JSON: simdjson's DOM parser, which
  // checks the whole structure, must agree. Its number errors are not: the readers take any well-formed number
  // where they only check a value (-1e999 in a derived view), which the DOM parser cannot hold in a double.
  if ((copied || windowed) && format && *format != infertrack::formats::InputFormat::points_csv) {
    static simdjson::dom::parser validator;
    simdjson::dom::element ignored;
    std::string_view json = padded.text();
    if (json.starts_with("\xEF\xBB\xBF")) {
      json.remove_prefix(3);  // a parser may ignore a byte order mark (RFC 8259), and the readers do
    }
    const auto error = validator.parse(json.data(), json.size(), false).get(ignored);
    if (error != simdjson::SUCCESS && error != simdjson::NUMBER_ERROR && error != simdjson::NUMBER_OUT_OF_RANGE) {
      __builtin_trap();
    }
  }
  if (!windowed && copied) {
    __builtin_trap();  // valid JSON (above) that windows refuse and a whole read accepts
  }
}
