#include "infertrack/cli/run.hpp"

int
main(int argc, char** argv)
{
  return infertrack::cli::run(argc, argv);
}
