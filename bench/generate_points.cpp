// Writes synthetic benchmark points (bench/synthetic_points.hpp) to stdout, for load tests that need a large
// database or a profile of one ingest: generate_points POINTS GROUPS DATES [csv|snapshot|runner]
#include "synthetic_points.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

int
main(int argc, char** argv)
{
  if (argc < 4 || argc > 5) {
    std::fprintf(stderr, "usage: generate_points POINTS GROUPS DATES [csv|snapshot|runner]\n");
    return 2;
  }
  infertrack::bench::SyntheticSpec spec;
  spec.points = std::strtoull(argv[1], nullptr, 10);
  spec.groups = std::strtoull(argv[2], nullptr, 10);
  spec.dates = std::strtoull(argv[3], nullptr, 10);
  const std::string format = argc == 5 ? argv[4] : "csv";
  std::string text;
  if (format == "csv") {
    text = infertrack::bench::synthetic_points_csv(spec);
  } else if (format == "snapshot") {
    text = infertrack::bench::synthetic_snapshot_json(spec);
  } else if (format == "runner") {
    text = infertrack::bench::SyntheticRunnerRows(spec).array(0, spec.points); // one collected agg_*.json array
  } else {
    std::fprintf(stderr, "generate_points: the format is csv, snapshot or runner (got '%s')\n", format.c_str());
    return 2;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}
