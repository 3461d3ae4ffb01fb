// /api/v1/points/{id} lists the run-level findings an ingest stored after comparing its points with the stored
// points of the same run: files ingested one after the other into a real database, as the CLI does.
#include "infertrack/server/api/api_routes.hpp"

#include "api_route_test_support.hpp"
#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/tracker_database.hpp"
#include "support/temp_dir.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infertrack::server::api {
namespace {

using nlohmann::json;

constexpr std::string_view k_header = "result_id,model,hardware,framework,precision,date,concurrency,"
                                      "total_allocated_gpus,tput_per_gpu,interactivity,interactivity_basis,isl,osl\n";

class PointRunFindings : public testing::Test
{
protected:
  test::TempDir dir; // the CSV files
  test_engine::TestDatabase database;
  std::unique_ptr<store::Store> store = app::open_tracker(database.locator());

  // Reads the CSV rows `rows` from the file `name` and stores them as `infertrack ingest` does.
  store::IngestSummary ingest(const std::string& name, const std::string& rows)
  {
    const std::filesystem::path files[] = {dir.write(name, std::string(k_header) + rows)};
    auto datasets = app::read_files(files);
    EXPECT_TRUE(datasets) << datasets.error().to_string();
    auto summary = app::ingest_datasets(*store, *datasets);
    EXPECT_TRUE(summary) << summary.error().to_string();
    return summary.value_or(store::IngestSummary{});
  }

  std::vector<std::string> finding_kinds(const std::string& result_id)
  {
    std::vector<std::string> kinds;
    const json point = test_support::api_get_json(*store, "/api/v1/points/" + result_id);
    for (const json& finding : point["findings"]) {
      kinds.push_back(finding["kind"]);
    }
    return kinds;
  }
};

TEST_F(PointRunFindings, a_point_lists_the_mix_a_later_ingest_found_in_its_run)
{
  EXPECT_EQ(ingest("a.csv", "a-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot,8192,1024\n")
              .findings_added,
            0);
  EXPECT_TRUE(finding_kinds("a-1").empty());
  EXPECT_EQ(ingest("b.csv", "b-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,64,8,3100,21.7,p90_itl,8192,1024\n")
              .findings_added,
            2);
  EXPECT_EQ(finding_kinds("a-1"), std::vector<std::string>{"mixed_interactivity_basis"});  // the stored point
  EXPECT_EQ(finding_kinds("b-1"), std::vector<std::string>{"mixed_interactivity_basis"});
  // The run grows and is still mixed: only the new point's finding is new, the stored ones are not restated.
  EXPECT_EQ(ingest("c.csv", "c-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,32,8,2000,30.1,median_tpot,8192,1024\n")
              .findings_added,
            1);
  EXPECT_EQ(finding_kinds("a-1"), std::vector<std::string>{"mixed_interactivity_basis"});
  EXPECT_EQ(finding_kinds("b-1"), std::vector<std::string>{"mixed_interactivity_basis"});
  EXPECT_EQ(finding_kinds("c-1"), std::vector<std::string>{"mixed_interactivity_basis"});
}

// The stored points a new point's run may join are read configuration by configuration when a date brings few
// configurations, and the whole date at once when it brings many: the findings must not depend on which.
TEST_F(PointRunFindings, a_stored_point_is_found_whether_its_date_brings_few_configurations_or_many)
{
  for (const int configurations : {2, 17}) {
    const std::string date = configurations == 2 ? "2026-06-01" : "2026-06-02";
    const std::string stored = "s" + std::to_string(configurations);
    ingest(stored + ".csv", stored + ",DeepSeek-V4-Pro,b200,vllm,fp8," + date + ",16,8,1200.5,40.2,median_tpot,8192,1024\n");
    // The first row joins the stored point's run with the other interactivity basis; the rest are runs of
    // other hardware on the same date.
    std::string rows = "n" + stored + "-0,DeepSeek-V4-Pro,b200,vllm,fp8," + date + ",64,8,3100,21.7,p90_itl,8192,1024\n";
    for (int i = 1; i < configurations; ++i) {
      rows += "n" + stored + "-" + std::to_string(i) + ",DeepSeek-V4-Pro,hw" + std::to_string(i) + ",vllm,fp8," + date
              + ",64,8,3100,21.7,p90_itl,8192,1024\n";
    }
    EXPECT_EQ(ingest("n" + stored + ".csv", rows).findings_added, 2) << configurations;
    EXPECT_EQ(finding_kinds(stored), std::vector<std::string>{"mixed_interactivity_basis"}) << configurations;
    EXPECT_EQ(finding_kinds("n" + stored + "-0"), std::vector<std::string>{"mixed_interactivity_basis"});
    EXPECT_TRUE(finding_kinds("n" + stored + "-1").empty()) << configurations;
  }
}

TEST_F(PointRunFindings, a_point_of_another_curve_lists_nothing)
{
  ingest("a.csv", "a-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot,8192,1024\n");
  EXPECT_EQ(ingest("e.csv", "e-1,DeepSeek-V4-Pro,b200,sglang,fp8,2026-06-01,64,8,3100,21.7,p90_itl,8192,1024\n")
              .findings_added,
            0);
  EXPECT_TRUE(finding_kinds("a-1").empty());
  EXPECT_TRUE(finding_kinds("e-1").empty());
}

}  // namespace
}  // namespace infertrack::server::api
