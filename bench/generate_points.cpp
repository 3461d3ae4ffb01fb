// Writes synthetic benchmark points (bench/synthetic_points.hpp) to stdout, for load tests that need a large
// database: generate_points POINTS GROUPS DATES [csv|snapshot]
#include "synthetic_points.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

int
main(int argc, char** argv)
{
  if (argc < 4 || argc > 5) {
    std::fprintf(stderr, "usage: generate_points POINTS GROUPS DATES [csv|snapshot]\n");
    return 2;
  }
  infertrack::bench::SyntheticSpec spec;
  spec.points = std::strtoull(argv[1], nullptr, 10);
  spec.groups = std::strtoull(argv[2], nullptr, 10);
  spec.dates = std::strtoull(argv[3], nullptr, 10);
  const std::string format = argc == 5 ? argv[4] : "csv";
  if (format != "csv" && format != "snapshot") {
    std::fprintf(stderr, "generate_points: the format is csv or snapshot (got '%s')\n", format.c_str());
    return 2;
  }
  const std::string text = format == "csv" ? infertrack::bench::synthetic_points_csv(spec)
                                           : infertrack::bench::synthetic_snapshot_json(spec);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}
