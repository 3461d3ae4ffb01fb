#include "infertrack/app/ingest.hpp"

#include "infertrack/app/input_files.hpp"
#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/input_format.hpp"

#include <string_view>
#include <unordered_map>

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

void
add_run_findings(std::span<domain::Dataset> datasets)
{
  std::vector<const domain::BenchmarkPoint*> points;
  for (const domain::Dataset& dataset : datasets) {
    for (const domain::BenchmarkPoint& point : dataset.points) {
      points.push_back(&point);
    }
  }
  std::vector<domain::DataFinding> findings = domain::check_runs(points);
  if (findings.empty()) {
    return;
  }
  // Findings are rare: the map from result id to dataset is built only when there are some.
  std::unordered_map<std::string_view, std::size_t> owner;
  for (std::size_t i = 0; i < datasets.size(); ++i) {
    for (const domain::BenchmarkPoint& point : datasets[i].points) {
      owner.try_emplace(point.result_id, i);
    }
  }
  for (domain::DataFinding& finding : findings) {
    datasets[owner.at(finding.result_id)].findings.push_back(std::move(finding));
  }
}

util::Result<domain::Dataset>
read_dataset(std::string_view content, const std::string& source)
{
  INFERTRACK_TRY_ASSIGN(dataset, formats::read_input(content, source));
  prepare_dataset(dataset);
  add_run_findings(std::span<domain::Dataset>(&dataset, 1));
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
      INFERTRACK_TRY_ASSIGN(dataset, formats::read_input(file.content, file.name));
      prepare_dataset(dataset);
      datasets.push_back(std::move(dataset));
      return {};
    }));
    if (progress) {
      progress(++done, paths.size());
    }
  }
  add_run_findings(datasets);
  return datasets;
}

}  // namespace infertrack::app
