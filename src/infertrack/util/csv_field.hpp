#pragma once

#include <string>
#include <string_view>

namespace infertrack::util {

// Whether a spreadsheet would run `text` as a formula: it starts with "=", "@", a tab or a carriage return, or with
// "+" or "-" and more after it, past any leading "'"s (text guarded already, so that guarding stays reversible).
bool needs_formula_guard(std::string_view text);

// Appends `text` as one RFC 4180 CSV field: after a "'" when needs_formula_guard (as spreadsheets take it: shown as
// text, not run), then quoted, with quotes doubled, only when it holds a comma, quote or line break.
void append_csv_field(std::string& out, std::string_view text);

// append_csv_field's field on its own.
std::string csv_field(std::string_view text);

// `line` (a "# ..." comment above a CSV header, free text with commas) with a "'" after every comma where the cell
// a spreadsheet splits off there would run as a formula or open a quoted cell: no cell of it runs, and none is
// quoted, so the commas stay where the cells end.
std::string guarded_comment_line(std::string_view line);

// A cell as append_csv_field wrote it, its formula guard taken off ("'=1+2" -> "=1+2"), so that exports read back
// exactly; any other cell unchanged.
std::string_view without_formula_guard(std::string_view cell);

}  // namespace infertrack::util
