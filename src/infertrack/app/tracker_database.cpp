#include "infertrack/app/tracker_database.hpp"

#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/bundled_data.hpp"
#include "infertrack/store/open_store.hpp"

#include <cstdlib>
#include <vector>

namespace infertrack::app {

std::filesystem::path
default_database_path()
{
  const char* from_environment = std::getenv("INFERTRACK_DB");
  if (from_environment && *from_environment) {
    return from_environment;
  }
  return "infertrack.db";
}

util::Result<store::IngestSummary>
load_bundled_dataset(store::Store& store)
{
  std::vector<domain::Dataset> datasets;
  for (const BundledFile& file : bundled_files()) {
    INFERTRACK_TRY_ASSIGN(dataset, read_dataset(file.content, "bundled:" + std::string(file.name)));
    datasets.push_back(std::move(dataset));
  }
  return store.ingest_all(datasets);
}

std::unique_ptr<store::Store>
open_tracker(const std::filesystem::path& locator)
{
  auto store = store::open_store(locator.string());
  if (store->empty()) {
    auto loaded = load_bundled_dataset(*store);
    if (!loaded) {
      // The bundled files are ours and tested: failing to load them is a build defect, not bad input.
      throw store::StoreError("the bundled dataset was refused: " + loaded.error().to_string());
    }
  }
  return store;
}

}  // namespace infertrack::app
