#include "infertrack/app/ingest.hpp"

#include "infertrack/app/input_files.hpp"
#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/input_format.hpp"

namespace infertrack::app {

void
prepare_dataset(domain::Dataset& dataset)
{
  for (domain::BenchmarkPoint& point : dataset.points) {
    domain::complete_point(point);
    for (domain::DataFinding& finding : domain::check_point(point)) {
      dataset.findings.push_back(std::move(finding));
    }
  }
}

util::Result<domain::Dataset>
read_dataset(std::string_view content, const std::string& source)
{
  INFERTRACK_TRY_ASSIGN(dataset, formats::read_input(content, source));
  prepare_dataset(dataset);
  return dataset;
}

util::Result<std::vector<domain::Dataset>>
read_files(std::span<const std::filesystem::path> paths, const ReadProgress& progress)
{
  std::vector<domain::Dataset> datasets;
  datasets.reserve(paths.size());
  std::size_t done = 0;
  for (const std::filesystem::path& path : paths) {
    // A directory or zip archive is its files, each one dataset, so that one bad file refuses them all.
    INFERTRACK_TRY(for_each_input_file(path, [&](InputFile& file) -> util::Result<void> {
      INFERTRACK_TRY_ASSIGN(dataset, read_dataset(file.content, file.name));
      datasets.push_back(std::move(dataset));
      return {};
    }));
    if (progress) {
      progress(++done, paths.size());
    }
  }
  return datasets;
}

}  // namespace infertrack::app
