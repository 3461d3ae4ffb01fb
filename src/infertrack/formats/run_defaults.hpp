#pragma once

#include <optional>
#include <string>

namespace infertrack::formats {

// What an ingest knows about the run its rows came from and the rows may not say (`infertrack ingest --date
// --run-url`). Only InferenceX runner rows lack them (the runner writes neither); the other formats carry
// their own dates and URLs and ignore these. A value the row gives itself wins over the default.
struct RunDefaults
{
  std::optional<std::string> date;     // YYYY-MM-DD, checked by whoever fills it in
  std::optional<std::string> run_url;  // non-empty
};

}  // namespace infertrack::formats
