#include "infertrack/formats/points_csv.hpp"

#include "infertrack/domain/point_field_members.hpp"
#include "infertrack/formats/csv_comments.hpp"
#include "infertrack/formats/csv_rows.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/formats/points_csv_columns.hpp"
#include "infertrack/formats/points_csv_notes.hpp"
#include "infertrack/util/csv_field.hpp"

#include <simdjson.h>

#include <algorithm>
#include <bitset>
#include <type_traits>

namespace infertrack::formats {

namespace {

using domain::BenchmarkPoint;
using util::Result;

constexpr std::string_view k_utf8_bom = "\xEF\xBB\xBF";

tl::unexpected<util::Diagnostic>
fail_cell(std::size_t line, std::string_view field, std::string message)
{
  return util::fail(std::to_string(line), std::string(field), std::move(message));
}

std::string
column_list(bool required_only)
{
  std::string list;
  for (std::size_t i = 0; i < k_csv_column_count; ++i) {
    if (required_only && !is_required(static_cast<CsvColumn>(i))) {
      continue;
    }
    list += list.empty() ? "" : ", ";
    list += k_csv_column_names[i];
  }
  return list;
}

// Turns the cells of one row into a point; the columns come from the header.
class RowReader
{
public:
  RowReader(std::vector<CsvColumn> columns, bool check_utf8)
    : m_columns(std::move(columns))
    , m_check_utf8(check_utf8)
  {
  }

  std::size_t width() const { return m_columns.size(); }

  // Fills `point` (default-constructed) from the cells of the row at `line`.
  Result<void> read(const std::vector<std::string_view>& cells, std::size_t line, BenchmarkPoint& point);

private:
  Result<std::int64_t> count(std::string_view cell, std::size_t line, CsvColumn column) const;
  Result<double> number(std::string_view cell, std::size_t line, CsvColumn column, bool zero_allowed) const;
  Result<void> read_cell(
    domain::PointField field, CsvColumn column, std::string_view cell, std::size_t line, BenchmarkPoint& point);

  std::vector<CsvColumn> m_columns;
  bool m_check_utf8;
  std::array<NameMemo, k_csv_column_count> m_memos;
};

Result<std::int64_t>
RowReader::count(std::string_view cell, std::size_t line, CsvColumn column) const
{
  constexpr std::string_view k_expected = ", expected an integer > 0)";
  bool out_of_range = false;
  const std::optional<std::int64_t> value = parse_integer(cell, &out_of_range);
  if (!value) {
    bool number_out_of_range = false;  // 2.5e18: a number, too large for any count
    const bool fractional = !out_of_range && parse_number(cell, &number_out_of_range).has_value();
    const char* what = out_of_range || number_out_of_range ? "number out of range"
                       : fractional                        ? "not an integer"
                                                           : "not a number";
    return fail_cell(line, name_of(column), what + (" (got " + quoted_text(cell)) + std::string(k_expected));
  }
  if (*value <= 0) {
    return fail_cell(line, name_of(column), "must be positive (got " + quoted_text(cell) + std::string(k_expected));
  }
  return *value;
}

Result<double>
RowReader::number(std::string_view cell, std::size_t line, CsvColumn column, bool zero_allowed) const
{
  const std::string expected = zero_allowed ? "a number >= 0" : "a number > 0";
  const std::string got = "(got " + quoted_text(cell) + ", expected ";
  bool out_of_range = false;
  const std::optional<double> value = parse_number(cell, &out_of_range);
  if (!value) {
    return fail_cell(line, name_of(column),
                     out_of_range
                       ? "number out of range " + got + expected + std::string(k_max_number_magnitude_words) + ")"
                       : "not a number " + got + expected + ")");
  }
  if (*value < 0 || (*value == 0 && !zero_allowed)) {
    const char* what = *value < 0 ? "must not be negative " : "must be positive ";
    return fail_cell(line, name_of(column), what + got + expected + ")");
  }
  return *value;
}

// Reads a cell into the point field its column fills, by the field's rule; the messages are the CSV's own.
Result<void>
RowReader::read_cell(domain::PointField field,
                     CsvColumn column,
                     std::string_view cell,
                     std::size_t line,
                     BenchmarkPoint& point)
{
  const domain::PointFieldInfo& info = domain::info_of(field);
  return domain::visit_point_member(field, point, [&](auto& member) -> Result<void> {
    using Member = std::remove_cvref_t<decltype(member)>;
    if constexpr (std::is_same_v<Member, std::string>) {
      if (info.rule == domain::FieldRule::name) {
        auto canonical = m_memos[static_cast<std::size_t>(column)].canonical(cell, info.canonical_of);
        if (!canonical) {
          return fail_cell(line, name_of(column), std::move(canonical.error()));
        }
        member.assign(*canonical);
        return {};
      }
      const std::optional<std::string> problem = info.rule == domain::FieldRule::id   ? unlinkable_id(cell)
                                                 : info.rule == domain::FieldRule::date ? date_problem(cell)
                                                                                        : unprintable_name(cell);
      if (problem) {
        return fail_cell(line, name_of(column), std::move(*problem));
      }
      member.assign(cell);
    } else if constexpr (std::is_same_v<Member, std::optional<std::string>>) {
      member.emplace(cell);
    } else if constexpr (std::is_same_v<Member, bool>) {
      if (cell == "true" || cell == "TRUE" || cell == "True") {
        member = true;
      } else if (cell == "false" || cell == "FALSE" || cell == "False") {
        member = false;
      } else {
        return fail_cell(
          line, name_of(column), "not a boolean (got " + quoted_text(cell) + ", expected true or false)");
      }
    } else if constexpr (std::is_same_v<Member, std::optional<double>>) {
      INFERTRACK_TRY_ASSIGN(value, number(cell, line, column, info.rule != domain::FieldRule::positive));
      member = value;
    } else if constexpr (std::is_same_v<Member, std::int64_t> || std::is_same_v<Member, std::optional<std::int64_t>>) {
      INFERTRACK_TRY_ASSIGN(value, count(cell, line, column));
      member = value;
    }
    return {};
  });
}

Result<void>
RowReader::read(const std::vector<std::string_view>& cells, std::size_t line, BenchmarkPoint& point)
{
  point.per_gpu_basis = domain::PerGpuBasis::all_allocated;
  std::optional<double> interactivity;
  std::optional<domain::InteractivityBasis> basis;
  std::string_view workload;
  for (std::size_t i = 0; i < m_columns.size(); ++i) {
    const CsvColumn column = m_columns[i];
    // Notes are kept verbatim; every other cell is a name, number or flag, read without its blanks.
    const std::string_view cell =
      util::without_formula_guard(column == CsvColumn::notes ? cells[i] : trim_blanks(cells[i]));
    if (cell.empty()) {
      if (is_required(column)) {
        return fail_cell(line, name_of(column), "missing value (got an empty cell, expected a value)");
      }
      continue;
    }
    if (m_check_utf8 && !simdjson::validate_utf8(cell.data(), cell.size())) {
      return fail_cell(line, name_of(column), "not UTF-8 (got " + quoted_text(cell) + ", expected UTF-8 text)");
    }
    if (const auto field = point_field_of(column)) {
      INFERTRACK_TRY(read_cell(*field, column, cell, line, point));
      continue;
    }
    switch (column) {
      case CsvColumn::interactivity_basis:
        basis = domain::parse_interactivity_basis(cell);
        if (!basis) {
          return fail_cell(line,
                           name_of(column),
                           "unknown interactivity basis (got " + quoted_text(cell)
                             + ", expected p90_itl or median_tpot)");
        }
        break;
      case CsvColumn::interactivity: {
        INFERTRACK_TRY_ASSIGN(value, number(cell, line, column, false));
        interactivity = value;
        break;
      }
      case CsvColumn::workload:
        workload = cell;
        break;
      default:
        point.notes = read_notes_cell(cell);
        break;
    }
  }
  (*basis == domain::InteractivityBasis::p90_itl ? point.interactivity_p90 : point.interactivity_median) =
    interactivity;
  if (point.prefill_gpus && point.decode_gpus) {
    if (auto problem = gpu_pools_out_of_range(*point.prefill_gpus, *point.decode_gpus)) {
      return fail_cell(line, name_of(CsvColumn::decode_gpus), std::move(*problem));
    }
  }
  if (point.isl.has_value() != point.osl.has_value()) {
    const std::string_view missing = point.isl ? "osl" : "isl";
    const std::string_view given = point.isl ? "isl" : "osl";
    return fail_cell(line,
                     missing,
                     "missing value (got " + std::string(given) + " without " + std::string(missing)
                       + ", expected both isl and osl or neither)");
  }
  if (point.isl) {
    point.workload = std::to_string(*point.isl) + "/" + std::to_string(*point.osl);
    if (!workload.empty() && workload != point.workload) {
      return fail_cell(line, "workload",
                       "does not match isl and osl (got " + quoted_text(workload) + ", expected \"" + point.workload
                         + "\")");
    }
  } else if (workload == "agentic" || workload == "unspecified") {
    // Given, where the basis alone would guess it: an agentic run known only at its median TPOT stays agentic.
    point.workload.assign(workload);
  } else if (!workload.empty()) {
    return fail_cell(line, "workload",
                     "unknown workload (got " + quoted_text(workload)
                       + ", expected agentic, unspecified, or ISL/OSL with the isl and osl columns)");
  } else {
    point.workload = *basis == domain::InteractivityBasis::p90_itl ? "agentic" : "unspecified";
  }
  if (point.result_id.empty()) {
    point.result_id = derived_result_id(point);
  }
  return {};
}

// Maps the header cells to columns: every column known, none twice, all required ones present.
Result<std::vector<CsvColumn>>
read_header(const std::vector<std::string_view>& cells, std::size_t header_line)
{
  std::vector<CsvColumn> columns;
  std::bitset<k_csv_column_count> seen;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const std::string_view name = trim_blanks(cells[i]);
    const std::optional<CsvColumn> column = csv_column_named(name);
    if (!column) {
      const std::string field = name.empty() ? "column " + std::to_string(i + 1) : std::string(name);
      return fail_cell(header_line,
                       field,
                       "unknown column (got " + quoted_text(name) + ", expected one of " + column_list(false) + ")");
    }
    if (seen[static_cast<std::size_t>(*column)]) {
      return fail_cell(
        header_line, name, "duplicate column (got " + quoted_text(name) + " twice, expected each column once)");
    }
    seen[static_cast<std::size_t>(*column)] = true;
    columns.push_back(*column);
  }
  for (CsvColumn required : k_csv_required_columns) {
    if (!seen[static_cast<std::size_t>(required)]) {
      return fail_cell(header_line,
                       name_of(required),
                       "missing required column (got a header without it, expected " + column_list(true) + ")");
    }
  }
  return columns;
}

tl::unexpected<util::Diagnostic>
split_error(const CsvRows& rows,
            std::size_t line_offset,
            const CsvRows::Error& error,
            const std::vector<CsvColumn>& columns)
{
  const std::string field = error.cell < columns.size() ? std::string(name_of(columns[error.cell]))
                                                        : "column " + std::to_string(error.cell + 1);
  return fail_cell(rows.row_line() + line_offset, field, error.message);
}

}  // namespace

Result<domain::Dataset>
read_points_csv(std::string_view text, const PointBatchSink* batches)
{
  if (text.starts_with(k_utf8_bom)) {
    text.remove_prefix(k_utf8_bom.size());
  }
  // An export's provenance lines come before the header; diagnostics still count the file's lines.
  const CsvComments comments = leading_csv_comments(text);
  text.remove_prefix(comments.bytes);
  const std::size_t header_line = comments.lines + 1;
  CsvRows rows(text);
  std::vector<std::string_view> cells;
  CsvRows::Error error;
  const CsvRows::Status header_status = rows.next(cells, error);
  if (header_status == CsvRows::Status::end) {
    return fail_cell(header_line,
                     "",
                     "empty input (got no header row, expected a header naming the columns " + column_list(true) + ")");
  }
  if (header_status == CsvRows::Status::error) {
    return split_error(rows, comments.lines, error, {});
  }
  if (rows.row_line() + comments.lines != header_line) {
    return fail_cell(header_line, "", "empty first line (got a blank line, expected the header row)");
  }
  INFERTRACK_TRY_ASSIGN(columns, read_header(cells, header_line));
  // Whole-text validation is fast; cell by cell only runs to find where broken UTF-8 is.
  const bool utf8 = simdjson::validate_utf8(text.data(), text.size());
  RowReader reader(columns, !utf8);

  // A row of the required columns takes at least 20 bytes: no more rows than that can exist.
  constexpr std::size_t k_min_row_bytes = 20;
  const auto line_breaks = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  KeptPoints points(batches);
  points.reserve(std::min(line_breaks, text.size() / k_min_row_bytes));
  while (true) {
    const CsvRows::Status status = rows.next(cells, error);
    if (status == CsvRows::Status::end) {
      break;
    }
    if (status == CsvRows::Status::error) {
      return split_error(rows, comments.lines, error, columns);
    }
    const std::size_t line = rows.row_line() + comments.lines;
    if (cells.size() != reader.width()) {
      const bool short_row = cells.size() < reader.width();
      const std::string field =
        short_row ? std::string(name_of(columns[cells.size()])) : "column " + std::to_string(reader.width() + 1);
      return fail_cell(line,
                       field,
                       std::string(short_row ? "missing cells" : "extra cells") + " (got "
                         + std::to_string(cells.size()) + " cells, expected " + std::to_string(reader.width())
                         + " as in the header)");
    }
    // Built in place: a point is large, and most rows are kept.
    INFERTRACK_TRY(reader.read(cells, line, points.add()));
    const auto added = points.keep_last(line);
    if (added.outcome == PointDedup::Outcome::conflict) {
      return fail_cell(line,
                       "result_id",
                       "conflicting duplicate (got result id "
                         + quoted_text(points.result_id(added.first_position))
                         + " again with different values, expected the same values as line "
                         + std::to_string(added.first_record) + ")");
    }
  }
  if (!utf8) {
    return fail_cell(header_line, "", "not UTF-8 (got bytes that are not UTF-8, expected UTF-8 text)");
  }
  domain::Dataset dataset;
  dataset.points = points.take();
  dataset.as_carried = as_carried_by_points_csv;
  return dataset;
}

domain::BenchmarkPoint
as_carried_by_points_csv(const domain::BenchmarkPoint& point)
{
  auto read = read_points_csv(write_points_csv(std::span(&point, 1)));
  return read && read->points.size() == 1 ? std::move(read->points.front()) : point;
}

}  // namespace infertrack::formats
