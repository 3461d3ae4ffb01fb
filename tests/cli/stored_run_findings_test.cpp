// End to end: the run-level checks of `infertrack ingest` compare new points with the stored points of the runs
// they join, so a curve whose points arrive over several ingests is held to one basis; `check` and
// `points show` list what they find.
#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;
using testing::UnorderedElementsAre;

const std::filesystem::path k_runs = std::filesystem::path(INFERTRACK_SOURCE_DIR) / "tests/cases/runner/dsv4-runs";

constexpr std::string_view k_header = "result_id,model,hardware,framework,precision,date,concurrency,"
                                      "total_allocated_gpus,tput_per_gpu,interactivity,interactivity_basis,isl,osl\n";

class StoredRunFindings : public CliDatabaseTest
{
protected:
  // Ingests the CSV rows `rows` (under k_header) written to `name`.
  json ingest_csv(const std::string& name, const std::string& rows)
  {
    return run_json({"ingest", dir.write(name, std::string(k_header) + rows).string()});
  }

  // The result ids `check` lists a finding of `kind` for.
  std::vector<std::string> flagged(const std::string& kind)
  {
    std::vector<std::string> ids;
    const json check = run_json({"check"});
    for (const json& finding : check["findings"]) {
      if (finding["kind"] == kind) {
        ids.push_back(finding["result_id"]);
      }
    }
    return ids;
  }
};

TEST_F(StoredRunFindings, a_later_ingest_on_another_interactivity_basis_is_compared_with_the_stored_run)
{
  // One run (b200 vllm fp8 8192/1024, 2026-06-01): two median TPOT points first, a P90 ITL one later.
  const json first = ingest_csv("a.csv",
                                "a-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot,8192,1024\n"
                                "a-2,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,32,8,2000,30.1,median_tpot,8192,1024\n");
  EXPECT_EQ(first["findings_added"], 0);
  const json second =
    ingest_csv("b.csv", "b-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,64,8,3100,21.7,p90_itl,8192,1024\n");
  EXPECT_EQ(second["points_added"], 1);
  EXPECT_EQ(second["findings_added"], 3);  // the new point, and both stored ones it differs from
  EXPECT_THAT(flagged("mixed_interactivity_basis"), UnorderedElementsAre("a-1", "a-2", "b-1"));

  const CliResult shown = run({"points", "show", "b-1"});
  EXPECT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_THAT(shown.out,
              HasSubstr("[mixed_interactivity_basis] Interactivity is given only at p90_itl while 2 other point(s) "
                        "of the same run (3 points) give only median_tpot"));
  const json stored = run_json({"points", "show", "a-1"});
  ASSERT_EQ(stored["findings"].size(), 1u) << stored.dump();
  EXPECT_EQ(stored["findings"][0]["kind"], "mixed_interactivity_basis");

  // The run grows: only the new point gets a finding; the stored ones keep theirs, not restated with new counts.
  const json third =
    ingest_csv("c.csv", "c-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,128,8,3900,15.2,p90_itl,8192,1024\n");
  EXPECT_EQ(third["findings_added"], 1);
  EXPECT_THAT(flagged("mixed_interactivity_basis"), UnorderedElementsAre("a-1", "a-2", "b-1", "c-1"));
  EXPECT_EQ(run_json({"points", "show", "a-1"})["findings"].size(), 1u);

  // Ingesting a stored file again adds nothing.
  const json again = run_json({"ingest", dir.file("b.csv").string()});
  EXPECT_EQ(again["points_unchanged"], 1);
  EXPECT_EQ(again["findings_added"], 0);
}

TEST_F(StoredRunFindings, points_of_other_curves_are_not_compared)
{
  ingest_csv("a.csv", "a-1,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot,8192,1024\n");
  // Another hardware, another date, another workload: three other curves on P90 ITL.
  const json other = ingest_csv("d.csv",
                                "d-1,DeepSeek-V4-Pro,h200,vllm,fp8,2026-06-01,64,8,3100,21.7,p90_itl,8192,1024\n"
                                "d-2,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-02,64,8,3100,21.7,p90_itl,8192,1024\n"
                                "d-3,DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,64,8,3100,21.7,p90_itl,1024,1024\n");
  EXPECT_EQ(other["points_added"], 3);
  EXPECT_EQ(other["findings_added"], 0);
  EXPECT_TRUE(flagged("mixed_interactivity_basis").empty());
}

TEST_F(StoredRunFindings, a_later_ingest_on_another_per_gpu_basis_flags_the_stored_point)
{
  // The runner's disaggregated fixed-length row divides role-locally; a CSV point of the same run divides by
  // all GPUs. One against one: the role-local (stored) point is the odd one.
  const json first =
    run_json({"ingest", (k_runs / "agg_dsv4_8k1k_gb200_dynamo-trt_fp4_p8d8_conc128.json").string()});
  EXPECT_EQ(first["findings_added"], 0);
  const json runner = run_json({"points", "--hardware", "gb200", "--framework", "dynamo-trt", "--date", "2026-07-15"});
  ASSERT_EQ(runner.size(), 1u);
  const std::string runner_id = runner[0]["result_id"];

  const auto csv = dir.write("csv.csv",
                             "result_id,model,hardware,framework,precision,spec_method,disaggregated,date,concurrency,"
                             "total_allocated_gpus,prefill_gpus,decode_gpus,tput_per_gpu,interactivity,"
                             "interactivity_basis,isl,osl\n"
                             "csv-64,DeepSeek-V4-Pro,gb200,dynamo-trt,fp4,mtp,true,2026-07-15,64,16,8,8,4000,70,"
                             "median_tpot,8192,1024\n");
  const json second = run_json({"ingest", csv.string()});
  EXPECT_EQ(second["points_added"], 1);
  EXPECT_EQ(second["findings_added"], 1);
  EXPECT_THAT(flagged("mixed_per_gpu_basis"), UnorderedElementsAre(runner_id));
  const CliResult shown = run({"points", "show", runner_id});
  EXPECT_THAT(shown.out,
              HasSubstr("[mixed_per_gpu_basis] Per-GPU values are on the role_local basis while 1 other point(s) of "
                        "the same run are on the all_allocated basis"));
}

}  // namespace
}  // namespace infertrack::test
