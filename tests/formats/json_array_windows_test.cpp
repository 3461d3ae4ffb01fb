// A large top-level array is read a window at a time (formats/json_array_windows.hpp). Windows must not change
// what is read, in what order, or how a broken text is refused; these tests shrink the window to a few bytes so
// that every element, string and mistake falls across window edges somewhere.
#include "infertrack/formats/input_format.hpp"
#include "infertrack/formats/json_array_windows.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/formats/padded_text.hpp"

#include "formats/test_files.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace infertrack::formats {
namespace {

// Windows from smaller than an element to larger than most.
const std::vector<std::size_t> k_windows = {16, 100, 1000, 4096, 65536};

// `json` without the whitespace between its tokens: one line, so windows end before quotes, not at newlines.
std::string
minified(std::string_view json)
{
  std::string out;
  bool in_string = false;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      out += c;
      if (c == '\\') {
        out += json[++i];
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
      out += c;
    } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
      out += c;
    }
  }
  return out;
}

// Every occurrence of `from` in `text` replaced by `to`.
std::string
replaced(std::string text, std::string_view from, std::string_view to)
{
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// The InferenceX API's rows (435, pretty-printed) with strings that hold brackets, commas, escaped quotes and
// newlines and non-ASCII text, where a window edge must not be taken for the end of an element.
std::string
api_rows_with_awkward_strings()
{
  return replaced(test::read_source_file("tests/cases/inferencex/benchmarks-dsr1-latest.json"),
                  "\"image\": \"",
                  "\"image\": \"\\\"],[{\\\"x\\\": 1}, \\n \xC3\xA9\xE2\x82\xAC ");
}

// 60 runner rows, fixed-length and agentic, one concurrency each.
std::string
runner_rows()
{
  const std::vector<std::string> files = {
    test::read_runner_file("agg_dsv4_8k1k_gb200_dynamo-trt_fp4_p8d8_conc128.json"),
    test::read_runner_file("agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json"),
    test::read_runner_file("agg_dsv4_agentic_gb200_dynamo-vllm_fp4_p8d8_conc64.json"),
  };
  std::string rows = "[\n";
  for (int i = 0; i < 60; ++i) {
    const std::string& file = files[static_cast<std::size_t>(i) % files.size()];
    const std::size_t conc = file.find("\"conc\": ");
    const std::size_t end = file.find_first_of(",\n", conc);
    rows += (i > 0 ? ",\n" : "") + file.substr(0, conc) + "\"conc\": " + std::to_string(i + 1) + file.substr(end);
  }
  return rows + "\n]\n";
}

// Where the object or array opening at text[open] closes.
std::size_t
closing_bracket(std::string_view text, std::size_t open)
{
  std::size_t depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '"') {
      for (++i; text[i] != '"'; ++i) {
        i += text[i] == '\\' ? 1 : 0;
      }
    } else if (text[i] == '{' || text[i] == '[') {
      ++depth;
    } else if ((text[i] == '}' || text[i] == ']') && --depth == 0) {
      return i;
    }
  }
  return std::string::npos;
}

// The bundled snapshot with 40 more points (copies of its first under other result ids) after its own five, and
// sections before and after its points array.
std::string
snapshot_with_many_points()
{
  const std::string seed = test::read_source_file("data/deepseek-v4-gb200-snapshot.json");
  const std::size_t array = seed.find('[', seed.find("\"points\""));
  const std::size_t first = seed.find('{', array);
  const std::string point = seed.substr(first, closing_bracket(seed, first) - first + 1);
  const std::size_t id = point.find("\"result_id\": \"") + 14;
  std::string more;
  for (int i = 0; i < 40; ++i) {
    more += ",\n" + point.substr(0, id) + "copy-" + std::to_string(i) + "-" + point.substr(id);
  }
  const std::size_t end = closing_bracket(seed, array);
  return seed.substr(0, seed.rfind('}', end) + 1) + more + seed.substr(seed.rfind('}', end) + 1);
}

util::Result<domain::Dataset>
read_with_window(std::string_view json, std::size_t window)
{
  JsonParser parser;
  PaddedText text;
  text.append(json);
  return read_input(text.text(), "rows.json", {}, {InputPadding::zeroed, &parser, window});
}

// What the reader of the whole text gives: windows of 0 bytes are never used.
util::Result<domain::Dataset>
read_whole(std::string_view json)
{
  return read_with_window(json, 0);
}

// Reads `json` with each window and the whole, and expects the same points or the same refusal.
void
expect_windows_read_as_the_whole(const std::string& json, std::string_view what)
{
  const auto whole = read_whole(json);
  for (const std::size_t window : k_windows) {
    const auto windowed = read_with_window(json, window);
    ASSERT_EQ(windowed.has_value(), whole.has_value()) << what << ", window " << window << ": "
                                                       << (whole ? windowed.error() : whole.error()).to_string();
    if (whole) {
      EXPECT_EQ(windowed->points, whole->points) << what << ", window " << window;
      EXPECT_EQ(windowed->findings, whole->findings) << what << ", window " << window;
      EXPECT_EQ(windowed->notes, whole->notes) << what << ", window " << window;
      EXPECT_EQ(windowed->retrieved, whole->retrieved) << what << ", window " << window;
      EXPECT_EQ(windowed->method, whole->method) << what << ", window " << window;
      EXPECT_EQ(windowed->hardware, whole->hardware) << what << ", window " << window;
      EXPECT_EQ(windowed->presets, whole->presets) << what << ", window " << window;
      EXPECT_EQ(windowed->headlines, whole->headlines) << what << ", window " << window;
    } else {
      EXPECT_EQ(windowed.error().to_string(), whole.error().to_string()) << what << ", window " << window;
    }
  }
}

// The index and "n" member of each element read.
struct Seen
{
  std::vector<std::size_t> indexes;
  std::vector<std::int64_t> numbers;
};

std::optional<util::Result<void>>
walk(std::string_view json, std::size_t window, Seen& seen)
{
  PaddedText text;
  text.append(json);
  JsonParser parser;
  return read_array_in_windows(text.text(),
                               {InputPadding::zeroed, &parser, window},
                               JsonPlace{"items", JsonPlace::k_no_index, {}},
                               "the items",
                               [&](JsonValue& element, std::size_t index) -> util::Result<void> {
                                 std::int64_t n = 0;
                                 if (element["n"].get_int64().get(n) != simdjson::SUCCESS) {
                                   return util::fail("items", "n", "not read");
                                 }
                                 seen.indexes.push_back(index);
                                 seen.numbers.push_back(n);
                                 return {};
                               });
}

// 40 objects of different lengths, one of them (the 30th) longer than several small windows.
std::string
numbered_items(std::string_view separator)
{
  std::string json = "[";
  for (int i = 0; i < 40; ++i) {
    const std::string filler(i == 29 ? 700 : static_cast<std::size_t>(i % 7) * 5, 'x');
    json += (i > 0 ? "," + std::string(separator) : "");
    json += "{\"s\": \"" + filler + "\", \"n\": " + std::to_string(i) + "}";
  }
  return json + "]";
}

TEST(read_array_in_windows, reads_every_element_once_in_order_whatever_the_window_and_layout)
{
  for (const std::string_view separator : {"", "\n", " \n  "}) {
    const std::string json = numbered_items(separator);
    for (const std::size_t window : {8, 16, 50, 100, 333, 1000}) {
      Seen seen;
      const auto read = walk(json, window, seen);
      ASSERT_TRUE(read.has_value()) << "window " << window;
      ASSERT_TRUE(*read) << read->error().to_string();
      ASSERT_EQ(seen.indexes.size(), 40u) << "window " << window;
      for (std::size_t i = 0; i < 40; ++i) {
        EXPECT_EQ(seen.indexes[i], i);
        EXPECT_EQ(seen.numbers[i], static_cast<std::int64_t>(i));
      }
    }
  }
}

TEST(read_array_in_windows, leaves_small_texts_and_other_documents_to_the_whole_reader)
{
  Seen seen;
  const std::string items = numbered_items("\n");
  EXPECT_FALSE(walk(items, items.size() / 2, seen).has_value());  // not more than two windows
  EXPECT_FALSE(walk(items, 0, seen).has_value());                 // windows off
  EXPECT_TRUE(walk(items, items.size() / 2 - 1, seen).has_value());
  EXPECT_FALSE(walk("{\"items\": " + items + "}", 16, seen).has_value());  // an object
  EXPECT_FALSE(walk("  \"" + items + "\"", 16, seen).has_value());         // a string
  EXPECT_TRUE(walk("\xEF\xBB\xBF \n" + items, 16, seen).has_value());     // an array after a BOM and spaces
}

TEST(read_input, reads_the_same_points_in_windows_as_whole)
{
  const std::string rows = api_rows_with_awkward_strings();
  const auto whole = read_whole(rows);
  ASSERT_TRUE(whole) << whole.error().to_string();
  EXPECT_EQ(whole->points.size(), 435u);
  expect_windows_read_as_the_whole(rows, "API rows");
  expect_windows_read_as_the_whole(minified(rows), "API rows on one line");
  expect_windows_read_as_the_whole("\xEF\xBB\xBF" + rows, "API rows after a BOM");

  const std::string runner = runner_rows();
  const auto runner_whole = read_whole(runner);
  ASSERT_TRUE(runner_whole) << runner_whole.error().to_string();
  EXPECT_EQ(runner_whole->points.size(), 60u);
  expect_windows_read_as_the_whole(runner, "runner rows");
  expect_windows_read_as_the_whole(minified(runner), "runner rows on one line");
  expect_windows_read_as_the_whole("[" + std::string(5000, ' ') + "]", "an empty array");
}

TEST(read_input, refuses_a_broken_array_in_windows_as_whole)
{
  const std::string rows = test::read_source_file("tests/cases/inferencex/benchmarks-dsr1-latest.json");
  const std::string runner = runner_rows();
  for (const std::string& json : {rows, minified(rows), runner, minified(runner)}) {
    const std::size_t middle = json.find("\"conc\"", json.size() / 2);
    const std::size_t late = json.find("\"conc\"", json.size() * 9 / 10);
    // Cut short inside a row, between rows, and inside a string.
    expect_windows_read_as_the_whole(json.substr(0, json.find(',', json.size() / 3) + 1), "cut after a comma");
    expect_windows_read_as_the_whole(json.substr(0, json.rfind('}') + 1), "cut before the closing bracket");
    expect_windows_read_as_the_whole(json.substr(0, middle + 3), "cut inside a key");
    // A mistake inside a row, between rows, and after the array.
    std::string wrong_type = json;
    const std::size_t value = json.find(':', middle) + 1;
    wrong_type.replace(value, json.find_first_of(",}\n", value) - value, "\"many\"");
    expect_windows_read_as_the_whole(wrong_type, "a wrong type");
    const std::size_t between = json.find("},", late);
    expect_windows_read_as_the_whole(json.substr(0, between + 1) + " " + json.substr(between + 2), "a missing comma");
    expect_windows_read_as_the_whole(json.substr(0, between + 1) + "}" + json.substr(between + 1), "a stray bracket");
    expect_windows_read_as_the_whole(json + " {\"more\": 1}", "trailing content");
    expect_windows_read_as_the_whole(json.substr(0, json.rfind(']')) + ",]", "a comma after the last row");
    std::string bad_utf8 = json;
    bad_utf8.insert(json.find("\"", middle + 8) + 1, "\xC3\x28");
    expect_windows_read_as_the_whole(bad_utf8, "invalid UTF-8 in a string");
    std::string control = json;
    control.insert(json.find("\"", middle + 8) + 1, "\x01");
    expect_windows_read_as_the_whole(control, "a control character in a string");
    expect_windows_read_as_the_whole(json.substr(0, json.rfind(']')) + ", \"unclosed]",
                                     "an unclosed string at the end");
  }
  // The same row twice with another value: a conflicting duplicate, named by both rows' indexes.
  const std::size_t second = runner.find("\n{", 10);
  const std::size_t third = runner.find(",\n{", second);
  const std::string row = runner.substr(second + 1, third - second - 1);
  const std::string changed = replaced(row, "\"tp\": 8", "\"tp\": 4");
  ASSERT_NE(changed, row);
  expect_windows_read_as_the_whole(runner.substr(0, runner.rfind(']')) + "," + changed + "]",
                                   "a conflicting duplicate");
}

TEST(find_top_level_array, finds_the_member_array_at_the_top_level_only)
{
  const std::string json = R"({"a": "points", "b": {"points": [1]}, "c": ["points"], "d\"points": 1, )"
                           R"("points"  :  [ {"x": 1} ], "e": 2})";
  const auto found = find_top_level_array(json, "points", json.size());
  ASSERT_TRUE(found);
  EXPECT_EQ(json.substr(*found, 3), "[ {");
  EXPECT_FALSE(find_top_level_array(json, "points", json.find("\"points\"  :")));  // not within the limit
  EXPECT_FALSE(find_top_level_array(json, "e", json.size()));      // not an array
  EXPECT_FALSE(find_top_level_array(json, "f", json.size()));
  EXPECT_FALSE(find_top_level_array(R"([{"points": []}])", "points", 100));
  EXPECT_FALSE(find_top_level_array(R"({"a": {}} {"points": []})", "points", 100));
  EXPECT_FALSE(find_top_level_array(R"({"a": "unclosed)", "points", 100));
}

TEST(read_input, reads_a_snapshot_with_its_points_in_windows_as_whole)
{
  const std::string snapshot = snapshot_with_many_points();
  const auto whole = read_whole(snapshot);
  ASSERT_TRUE(whole) << whole.error().to_string();
  EXPECT_EQ(whole->points.size(), 45u);
  EXPECT_FALSE(whole->hardware.empty());
  EXPECT_FALSE(whole->headlines.empty());
  expect_windows_read_as_the_whole(snapshot, "a snapshot");
  expect_windows_read_as_the_whole(minified(snapshot), "a snapshot on one line");
  // Runs of escaped quotes on one line: a window may end before a quote, never before an escaped one.
  const std::string escaped = R"({\"tp\": \"8\", \"ep\": \"1\", \"dp\": \"\\\", \"x\": \"\"} )";
  const std::string quotes = minified(replaced(snapshot, "\"role_note\": \"", "\"role_note\": \"" + escaped));
  ASSERT_NE(quotes, minified(snapshot));
  expect_windows_read_as_the_whole(quotes, "escaped quotes on one line");
  // The points array last, and first.
  const std::size_t points = snapshot.find("\"points\"");
  const std::size_t end = closing_bracket(snapshot, snapshot.find('[', points));
  const std::string members = snapshot.substr(points, end + 1 - points);
  std::string without = snapshot;
  without.erase(points, end + 2 - points);  // with the comma after it
  expect_windows_read_as_the_whole(without.substr(0, without.rfind('}')) + ", " + members + "}", "points last");
  expect_windows_read_as_the_whole("{" + members + "," + without.substr(1), "points first");
}

TEST(read_input, refuses_a_broken_snapshot_in_windows_as_whole)
{
  const std::string snapshot = snapshot_with_many_points();
  const std::size_t points = snapshot.find("\"points\"");
  const std::size_t end = closing_bracket(snapshot, snapshot.find('[', points));
  const std::size_t late = snapshot.find("\"concurrency\"", snapshot.size() / 2);
  expect_windows_read_as_the_whole(snapshot.substr(0, snapshot.find(',', snapshot.size() / 2) + 1),
                                   "cut inside the points");
  expect_windows_read_as_the_whole(snapshot.substr(0, end + 1), "cut after the points");
  expect_windows_read_as_the_whole(snapshot.substr(0, end), "cut before the points' closing bracket");
  expect_windows_read_as_the_whole(replaced(snapshot, "\"concurrency\": 128", "\"concurrency\": \"many\""),
                                   "a wrong type");
  expect_windows_read_as_the_whole(snapshot.substr(0, late) + "\"concurrency\": -1, " + snapshot.substr(late),
                                   "a duplicate key in a point");
  expect_windows_read_as_the_whole(replaced(snapshot, "\"retrieved_utc\": \"", "\"retrieved_utc\": \"x"),
                                   "a mistake before the points");
  expect_windows_read_as_the_whole(replaced(snapshot, "\"gpus_per_rack\": 72", "\"gpus_per_rack\": \"all\""),
                                   "a mistake after the points");
  expect_windows_read_as_the_whole(snapshot.substr(0, end + 1) + ", \"points\": []" + snapshot.substr(end + 1),
                                   "the points twice");
  const std::size_t between = snapshot.find("},", late);
  expect_windows_read_as_the_whole(snapshot.substr(0, between + 1) + snapshot.substr(between + 2), "a missing comma");
  expect_windows_read_as_the_whole(snapshot.substr(0, end) + "}" + snapshot.substr(end), "a stray bracket");
  expect_windows_read_as_the_whole(snapshot + "]", "trailing content");
  expect_windows_read_as_the_whole(snapshot.substr(0, snapshot.rfind('}', end) + 1) + "," + snapshot.substr(end),
                                   "a comma after the last point");
  std::string bad_utf8 = snapshot;
  bad_utf8.insert(snapshot.find("\"", late + 16) + 1, "\xC3\x28");
  expect_windows_read_as_the_whole(bad_utf8, "invalid UTF-8 in a point");
}

}  // namespace
}  // namespace infertrack::formats
