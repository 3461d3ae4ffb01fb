#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/data_finding.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/published_headline.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace infertrack::domain {

// A published headline beside the value the tracker computes from its own points; neither overwrites the other.
struct HeadlineComparison
{
  PublishedHeadline published;
  std::optional<std::string> curve_label; // the configuration whose curve holds the bracket points
  std::optional<std::string> run_date;    // that curve's run (YYYY-MM-DD): the headline is about it
  InterpolatedThroughput computed;
  std::optional<double> difference;          // computed - published, tok/s/GPU
  std::optional<double> relative_difference; // difference / published
  std::vector<DataFinding> findings; // about the curve at this target: thin frontier, headline outside range
};

// Compares each headline with the curve (P90 basis, total throughput) of the run that holds its bracket
// points; a headline whose brackets are not stored gets an empty curve and no computed value.
std::vector<HeadlineComparison> compare_headlines(std::span<const PublishedHeadline> headlines,
                                                  std::span<const BenchmarkPoint> points);

}  // namespace infertrack::domain
