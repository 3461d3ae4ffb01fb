#include "infertrack/app/ingest.hpp"

#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/input_format.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace infertrack::app {
namespace {

util::Result<std::string>
read_whole_file(const std::filesystem::path& path)
{
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return tl::unexpected(util::Diagnostic{
      path.string(), "", "", fmt::format("cannot open the file ({})", std::strerror(errno))});
  }
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    return tl::unexpected(util::Diagnostic{path.string(), "", "", "cannot read the file"});
  }
  return content;
}

}  // namespace

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
  for (const std::filesystem::path& path : paths) {
    INFERTRACK_TRY_ASSIGN(content, read_whole_file(path));
    INFERTRACK_TRY_ASSIGN(dataset, read_dataset(content, path.string()));
    datasets.push_back(std::move(dataset));
    if (progress) {
      progress(datasets.size(), paths.size());
    }
  }
  return datasets;
}

}  // namespace infertrack::app
