#include "infertrack/cli/run.hpp"

namespace infertrack::cli {

int
run(int, char**)
{
  return k_exit_ok;
}

}  // namespace infertrack::cli
