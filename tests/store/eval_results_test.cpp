#include "infertrack/store/store.hpp"

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

// Accuracy scores through Store::ingest and Store::evals, on the engine this binary was built for.
namespace infertrack::store {
namespace {

using domain::Dataset;
using domain::EvalResult;
using ::testing::HasSubstr;

EvalResult
eval(std::string id, std::string model, std::string precision, double score, double standard_error)
{
  EvalResult result;
  result.eval_id = std::move(id);
  result.model = std::move(model);
  result.hardware = "mi355x";
  result.framework = "sglang";
  result.precision = std::move(precision);
  result.spec_method = "none";
  result.date = "2026-06-11";
  result.task = "gsm8k";
  result.score = score;
  result.standard_error = standard_error;
  return result;
}

Dataset
evals_only(std::vector<EvalResult> evals)
{
  Dataset dataset;
  dataset.source = "evals.json";
  dataset.evals = std::move(evals);
  return dataset;
}

class EvalResultsTest : public ::testing::Test
{
protected:
  std::unique_ptr<Store> open() const { return m_database.open(); }

  testing::TempDir m_dir;
  test_engine::TestDatabase m_database;
};

TEST_F(EvalResultsTest, ingest_then_evals_round_trips_every_field)
{
  EvalResult full = eval("eval-1", "DeepSeek-R1-0528", "fp8", 0.951, 0.0059);
  full.disaggregated = true;
  full.isl = 1024;
  full.osl = 8192;
  full.concurrency = 64;
  full.metric = "exact_match,strict-match";
  full.run_url = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/1";
  const EvalResult bare = eval("eval-2", "DeepSeek-R1-0528", "fp4", 0.0, 0.0);
  const EvalResult other = eval("eval-3", "Llama-3.3-70B-Instruct", "fp8", 1.0, 0.01);
  const auto summary = open()->ingest(evals_only({full, bare, other}));
  ASSERT_TRUE(summary) << summary.error().to_string();
  EXPECT_EQ(summary->evals_added, 3);
  EXPECT_EQ(summary->points_added, 0);

  // Through another connection, so nothing comes from a cache; ordered by configuration (fp4 before fp8).
  const auto store = open();
  EXPECT_EQ(store->evals("DeepSeek-R1-0528"), (std::vector<EvalResult>{bare, full}));
  EXPECT_EQ(store->evals("Llama-3.3-70B-Instruct"), std::vector<EvalResult>{other});
  EXPECT_EQ(store->evals("").size(), 3U);
  EXPECT_TRUE(store->evals("no such model").empty());
}

TEST_F(EvalResultsTest, ingest_of_the_same_scores_twice_stores_them_once_and_changes_no_data_version)
{
  const Dataset dataset = evals_only({eval("eval-1", "DeepSeek-R1-0528", "fp8", 0.951, 0.0059)});
  auto store = open();
  ASSERT_TRUE(store->ingest(dataset));
  const std::int64_t version = store->data_version();
  const auto again = store->ingest(dataset);
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(again->evals_added, 0);
  EXPECT_EQ(again->evals_unchanged, 1);
  EXPECT_EQ(store->data_version(), version);
  EXPECT_EQ(store->evals("").size(), 1U);
}

TEST_F(EvalResultsTest, a_conflicting_score_fails_the_whole_ingest_and_stores_nothing)
{
  auto store = open();
  ASSERT_TRUE(store->ingest(evals_only({eval("eval-1", "DeepSeek-R1-0528", "fp8", 0.951, 0.0059)})));
  // One transaction: the point and the new score that come with the conflict are not stored either.
  Dataset next = evals_only({eval("eval-2", "DeepSeek-R1-0528", "fp4", 0.91, 0.008),
                             eval("eval-1", "DeepSeek-R1-0528", "fp8", 0.948, 0.0059)});
  next.points.push_back(testing::full_point("444914"));
  const auto refused = store->ingest(next);
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error().to_string(), HasSubstr("score"));
  EXPECT_THAT(refused.error().to_string(), HasSubstr("conflicts with the stored evaluation result"));
  EXPECT_EQ(open()->evals("").size(), 1U);
  EXPECT_EQ(open()->point_count(), 0);
}

}  // namespace
}  // namespace infertrack::store
