#include "infertrack/store/records/notes_column.hpp"

#include "infertrack/store/store.hpp"
#include "infertrack/util/json_writer.hpp"

#include <nlohmann/json.hpp>

namespace infertrack::store {

bool
write_notes_column(const std::vector<domain::PointNote>& notes, std::string& json)
{
  json.clear();
  if (notes.empty()) {
    return false;
  }
  // Written directly rather than through JsonWriter, whose nesting stack costs an allocation per point.
  json += '[';
  for (const domain::PointNote& note : notes) {
    json += json.size() == 1 ? "[" : ",[";
    util::append_json_string(json, note.kind);
    json += ',';
    util::append_json_string(json, note.text);
    json += ']';
  }
  json += ']';
  return true;
}

std::vector<domain::PointNote>
notes_from_column(std::string_view json)
{
  const nlohmann::json parsed = nlohmann::json::parse(json, nullptr, false);
  std::vector<domain::PointNote> notes;
  if (parsed.is_array()) {
    for (const nlohmann::json& pair : parsed) {
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) {
        notes.clear();
        break;
      }
      notes.push_back(domain::PointNote{pair[0].get<std::string>(), pair[1].get<std::string>()});
    }
  }
  if (notes.empty()) {
    throw StoreError("a point's notes are not a JSON array of [kind, text] pairs (got " + std::string(json) +
                     "): the database was changed outside infertrack");
  }
  return notes;
}

}  // namespace infertrack::store
