#include "infertrack/formats/points_csv_notes.hpp"

#include <algorithm>
#include <string_view>

namespace infertrack::formats {
namespace {

constexpr std::string_view k_separator = " | ";

// A note kind as the readers name them: "notes", or a source's key ending in "_note" ("precision_note").
bool
is_note_kind(std::string_view kind)
{
  const bool named = !kind.empty() && kind.front() >= 'a' && kind.front() <= 'z'
                     && kind.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string_view::npos;
  return named && (kind == "notes" || kind.ends_with("_note"));
}

}  // namespace

std::vector<domain::PointNote>
read_notes_cell(std::string_view cell)
{
  std::vector<domain::PointNote> notes;
  for (std::size_t start = 0;;) {
    const std::size_t end = std::min(cell.find(k_separator, start), cell.size());
    const std::string_view part = cell.substr(start, end - start);
    const std::size_t colon = part.find(": ");
    if (colon == std::string_view::npos || !is_note_kind(part.substr(0, colon))) {
      return {domain::PointNote{"notes", std::string(cell)}};
    }
    notes.push_back(domain::PointNote{std::string(part.substr(0, colon)), std::string(part.substr(colon + 2))});
    if (end == cell.size()) {
      return notes;
    }
    start = end + k_separator.size();
  }
}

std::string
notes_cell(const std::vector<domain::PointNote>& notes)
{
  if (notes.size() == 1 && notes.front().kind == "notes") {
    // Verbatim where that reads back as itself; a text shaped like notes of other kinds gets its own kind named.
    const std::string& text = notes.front().text;
    return read_notes_cell(text) == notes ? text : "notes: " + text;
  }
  std::string cell;
  for (const domain::PointNote& note : notes) {
    cell += cell.empty() ? "" : k_separator;
    cell += note.kind + ": " + note.text;
  }
  return cell;
}

}  // namespace infertrack::formats
