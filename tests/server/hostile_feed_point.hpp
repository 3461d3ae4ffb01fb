#pragma once

// A point whose names and image hold markup, quotes, a control character and a CDATA end, stored on a later date than
// the bundled data so that the feed lists it first: for the feed tests' escaping and validity checks.

#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/store/store.hpp"

#include <gtest/gtest.h>

#include <optional>

namespace infertrack::server::test_support {

inline void
ingest_hostile_feed_point(store::Store& store)
{
  std::optional<domain::BenchmarkPoint> point = store.point("444914");
  ASSERT_TRUE(point.has_value());
  point->result_id = "hostile<b>&\"1'";
  point->framework = "eng<ine>&\"'\x01</title>";
  point->date = "2027-01-01";
  point->image = "]]><x>";
  domain::Dataset dataset;
  dataset.source = "hostile.json";
  dataset.points.push_back(*point);
  app::prepare_dataset(dataset);
  ASSERT_TRUE(store.ingest(dataset).has_value());
}

}  // namespace infertrack::server::test_support
