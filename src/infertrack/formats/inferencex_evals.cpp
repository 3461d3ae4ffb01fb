#include "infertrack/formats/inferencex_evals.hpp"

#include "infertrack/domain/name_aliases.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/inferencex_row.hpp"
#include "infertrack/formats/json_input.hpp"
#include "infertrack/formats/json_values.hpp"

#include <array>
#include <bitset>
#include <map>
#include <string>

namespace infertrack::formats {

namespace {

using domain::EvalResult;
using util::Result;

constexpr std::string_view k_rows = "rows";
constexpr std::string_view k_expected = "a JSON array of evaluation rows";

enum class EvalField
{
  hardware,
  framework,
  model,
  precision,
  spec_method,
  disagg,
  isl,
  osl,
  conc,
  date,
  task,
  score,
  stderr_value,
  metric,
  run_url,
};
constexpr std::size_t k_field_count = 15;

constexpr std::array<std::string_view, k_field_count> k_field_names = {
  "hardware", "framework", "model", "precision", "spec_method", "disagg", "isl", "osl",
  "conc",     "date",      "task",  "score",     "stderr",      "metric", "run_url"};

// The required fields, in the order a missing one is reported, and what each must be.
constexpr std::array<std::pair<EvalField, std::string_view>, 10> k_required = {{
  {EvalField::hardware, "a string"},
  {EvalField::framework, "a string"},
  {EvalField::model, "a string"},
  {EvalField::precision, "a string"},
  {EvalField::spec_method, "a string"},
  {EvalField::disagg, "true or false"},
  {EvalField::date, "a date YYYY-MM-DD"},
  {EvalField::task, "a string"},
  {EvalField::score, "a fraction from 0 to 1"},
  {EvalField::stderr_value, "a number >= 0"},
}};

std::string_view
name_of(EvalField field)
{
  return k_field_names[static_cast<std::size_t>(field)];
}

std::optional<EvalField>
field_named(std::string_view key)
{
  for (std::size_t i = 0; i < k_field_count; ++i) {
    if (k_field_names[i] == key) {
      return static_cast<EvalField>(i);
    }
  }
  return std::nullopt;
}

// A configuration name, canonical as on points (an alias of a model or GPU names the same configuration).
Result<void>
read_eval_name(JsonValue& value, const JsonPlace& at, std::string (*canonical_of)(std::string_view), std::string& out)
{
  INFERTRACK_TRY_ASSIGN(text, read_string(value, at));
  const std::string canonical = canonical_of != nullptr ? canonical_of(text) : std::string(text);
  if (canonical.empty()) {
    return fail_at(at, "empty name (got \"" + std::string(text) + "\", expected a non-empty string)");
  }
  out = canonical;
  return {};
}

std::string
identity_text(const EvalResult& eval)
{
  std::string out;
  for (const std::string* name :
       {&eval.model, &eval.hardware, &eval.framework, &eval.precision, &eval.spec_method}) {
    append_identity_text(out, *name);
  }
  append_identity_value(out, std::optional<int>(eval.disaggregated ? 1 : 0));
  append_identity_value(out, eval.isl);
  append_identity_value(out, eval.osl);
  append_identity_value(out, eval.concurrency);
  append_identity_text(out, eval.date);
  append_identity_text(out, eval.task);
  append_identity_text(out, eval.metric.value_or(""));
  append_identity_text(out, eval.run_url.value_or(""));
  return out;
}

Result<void>
read_member(EvalField field, JsonValue& value, const JsonPlace& at, EvalResult& eval)
{
  switch (field) {
    case EvalField::hardware:
      return read_eval_name(value, at, domain::canonical_hardware, eval.hardware);
    case EvalField::framework:
      return read_eval_name(value, at, domain::canonical_framework, eval.framework);
    case EvalField::model:
      return read_eval_name(value, at, domain::canonical_model, eval.model);
    case EvalField::precision:
      return read_eval_name(value, at, domain::canonical_precision, eval.precision);
    case EvalField::spec_method:
      return read_eval_name(value, at, nullptr, eval.spec_method);
    case EvalField::disagg:
      return assign_read(read_bool(value, at), eval.disaggregated);
    case EvalField::isl:
      return assign_read(read_optional_count(value, at), eval.isl);
    case EvalField::osl:
      return assign_read(read_optional_count(value, at), eval.osl);
    case EvalField::conc:
      return assign_read(read_optional_count(value, at), eval.concurrency);
    case EvalField::date: {
      INFERTRACK_TRY_ASSIGN(date, read_string(value, at));
      if (!is_iso_date(date)) {
        return fail_at(at, "invalid date (got \"" + std::string(date) + "\", expected a date YYYY-MM-DD)");
      }
      eval.date = std::string(date);
      return {};
    }
    case EvalField::task: {
      INFERTRACK_TRY_ASSIGN(task, read_string(value, at));
      if (trim_blanks(task).empty()) {
        return fail_at(at, "empty task (got \"" + std::string(task) + "\", expected an lm-eval task name)");
      }
      eval.task = std::string(trim_blanks(task));
      return {};
    }
    case EvalField::score:
      return assign_read(read_number(value, at, NumberRule::fraction), eval.score);
    case EvalField::stderr_value:
      return assign_read(read_number(value, at, NumberRule::non_negative), eval.standard_error);
    case EvalField::metric: {
      INFERTRACK_TRY_ASSIGN(metric, read_optional_string(value, at));
      eval.metric = metric ? std::optional<std::string>(*metric) : std::nullopt;
      return {};
    }
    case EvalField::run_url: {
      INFERTRACK_TRY_ASSIGN(url, read_optional_string(value, at));
      eval.run_url = url ? std::optional<std::string>(*url) : std::nullopt;
      return {};
    }
  }
  return {};
}

Result<EvalResult>
read_row(JsonValue& row, std::size_t index)
{
  EvalResult eval;
  std::bitset<k_field_count> seen;
  INFERTRACK_TRY(for_each_field(row, JsonPlace{k_rows, index, {}}, "an evaluation row object",
                                [&](std::string_view key, JsonValue value, const JsonPlace& at) -> Result<void> {
                                  const auto field = field_named(key);
                                  if (!field) {
                                    // lm-eval rows carry more (sample counts, versions): checked, not kept.
                                    return validate_json_value(value, at);
                                  }
                                  if (seen[static_cast<std::size_t>(*field)]) {
                                    return fail_at(at, "duplicate field (got \"" + std::string(key)
                                                         + "\" twice, expected it once)");
                                  }
                                  seen[static_cast<std::size_t>(*field)] = true;
                                  return read_member(*field, value, at, eval);
                                }));
  for (const auto& [field, expected] : k_required) {
    if (!seen[static_cast<std::size_t>(field)]) {
      return fail_at(JsonPlace{k_rows, index, name_of(field)},
                     "missing required field (got nothing, expected " + std::string(expected) + ")");
    }
  }
  // A workload is both lengths or neither: one alone names no workload a point has.
  if (eval.isl.has_value() != eval.osl.has_value()) {
    const EvalField missing = eval.isl ? EvalField::osl : EvalField::isl;
    return fail_at(JsonPlace{k_rows, index, name_of(missing)},
                   "missing workload length (got only one of isl and osl, expected both integers > 0 or neither)");
  }
  eval.eval_id = inferencex_result_id("eval-", identity_text(eval));
  return eval;
}

}  // namespace

bool
looks_like_inferencex_evals(std::string_view json)
{
  json = without_utf8_bom(json);
  const std::size_t open = json.find_first_not_of(" \t\r\n");
  if (open == std::string_view::npos || json[open] != '[') {
    return false;
  }
  const std::size_t first = json.find_first_not_of(" \t\r\n", open + 1);
  if (first == std::string_view::npos || json[first] != '{') {
    return false;
  }
  // The first row's keys at its top level; a shallow look, as the other formats' detection.
  int depth = 0;
  bool task = false;
  bool score = false;
  for (std::size_t pos = first; pos < json.size(); ++pos) {
    const char c = json[pos];
    if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) {
        break;
      }
    } else if (c == '"') {
      const std::size_t start = pos + 1;
      std::size_t end = start;
      while (end < json.size() && json[end] != '"') {
        end += json[end] == '\\' ? 2 : 1;
      }
      if (end >= json.size()) {
        return false;
      }
      const std::size_t colon = json.find_first_not_of(" \t\r\n", end + 1);
      if (depth == 1 && colon != std::string_view::npos && json[colon] == ':') {
        const std::string_view key = json.substr(start, end - start);
        task = task || key == "task";
        score = score || key == "score";
      }
      pos = end;
    }
  }
  return task || score;
}

Result<domain::Dataset>
read_inferencex_evals(std::string_view json, const JsonParsing& parsing)
{
  domain::Dataset dataset;
  std::map<std::string, std::size_t, std::less<>> first_row;  // eval id -> index into dataset.evals
  std::vector<std::size_t> row_of;                            // dataset.evals index -> its row
  JsonInput input(json, parsing);
  INFERTRACK_TRY_ASSIGN(top, expecting_document(input.top("evaluation rows", k_expected), k_expected));
  Result<void> read =
    for_each_element(top, JsonPlace{k_rows, JsonPlace::k_no_index, {}}, k_expected,
                     [&](JsonValue& row, std::size_t index) -> Result<void> {
                       INFERTRACK_TRY_ASSIGN(eval, read_row(row, index));
                       const auto [at, added] = first_row.try_emplace(eval.eval_id, dataset.evals.size());
                       if (added) {
                         dataset.evals.push_back(std::move(eval));
                         row_of.push_back(index);
                         return {};
                       }
                       const EvalResult& kept = dataset.evals[at->second];
                       if (kept == eval) {
                         return {};
                       }
                       const std::string first = "rows[" + std::to_string(row_of[at->second]) + "]";
                       const EvalField field =
                         kept.score != eval.score ? EvalField::score : EvalField::stderr_value;
                       const double got = field == EvalField::score ? eval.score : eval.standard_error;
                       const double had = field == EvalField::score ? kept.score : kept.standard_error;
                       return fail_at(JsonPlace{k_rows, index, name_of(field)},
                                      "conflicting duplicate (got " + number_text(got) + " for the configuration, "
                                        "workload, concurrency, date, task, metric and run of " + first
                                        + ", expected the same value as " + first + ", " + number_text(had) + ")");
                     });
  INFERTRACK_TRY(expecting_document(input.finish(std::move(read), "the rows"), k_expected));
  return dataset;
}

}  // namespace infertrack::formats
