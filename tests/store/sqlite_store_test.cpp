#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"
#include "support/read_only_file.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace infertrack::store::sqlite {
namespace {

using domain::BenchmarkPoint;
using domain::Dataset;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::bare_point;
using testing::dump_database;
using testing::full_point;
using testing::ids;
using testing::points_only;
using testing::sample_dataset;
using testing::schema_of;

class SqliteStoreTest : public ::testing::Test
{
protected:
  std::filesystem::path db_path() const { return m_database.locator(); }
  std::unique_ptr<Store> open() const { return m_database.open(); }

  testing::TempDir m_dir;
  test_engine::TestDatabase m_database;
};

TEST_F(SqliteStoreTest, ingest_then_point_round_trips_a_full_point_with_notes_in_order)
{
  auto store = open();
  const BenchmarkPoint original = full_point("444914");
  ASSERT_TRUE(store->ingest(points_only({original})));

  const auto stored = store->point("444914");
  ASSERT_TRUE(stored);
  EXPECT_EQ(*stored, original);
  EXPECT_EQ(stored->notes, original.notes);
  ASSERT_TRUE(stored->source_url);
  EXPECT_EQ(*stored->source_url, ""); // an empty string stays a value, not an empty optional
  EXPECT_EQ(*stored->isolated_uncached_prefill_tps_per_gpu, 1.0 / 3.0);

  // The same through another connection, so nothing comes from a cache.
  EXPECT_EQ(open()->points({}), std::vector<BenchmarkPoint>{original});
}

TEST_F(SqliteStoreTest, ingest_then_point_round_trips_a_point_whose_optionals_are_all_empty)
{
  auto store = open();
  const BenchmarkPoint original = bare_point("500001");
  ASSERT_TRUE(store->ingest(points_only({original})));
  const auto stored = store->point("500001");
  ASSERT_TRUE(stored);
  EXPECT_EQ(*stored, original);
  EXPECT_FALSE(stored->isl);
  EXPECT_FALSE(stored->absolute_tps.input);
  EXPECT_FALSE(stored->run_url);
  EXPECT_TRUE(stored->notes.empty());
}

TEST_F(SqliteStoreTest, ingest_stores_empty_optionals_after_a_point_that_set_them)
{
  // The insert statement is reused row after row and skips binding NULL where it holds NULL already: a
  // value of the previous row must never stay behind.
  auto store = open();
  const std::vector<BenchmarkPoint> points{full_point("1"), bare_point("2"), full_point("3", 1),
                                           bare_point("4")};
  ASSERT_TRUE(store->ingest(points_only(points)));
  for (const BenchmarkPoint& point : points) {
    const auto stored = store->point(point.result_id);
    ASSERT_TRUE(stored);
    EXPECT_EQ(*stored, point);
  }
}

TEST_F(SqliteStoreTest, point_of_an_unknown_id_is_empty)
{
  auto store = open();
  EXPECT_TRUE(store->empty());
  EXPECT_FALSE(store->point("nope"));
}

// An id from a request need not be UTF-8 (GET /api/v1/comments?subject=point:%FF): not found, on either engine.
TEST_F(SqliteStoreTest, point_of_an_id_that_is_not_utf8_is_empty)
{
  auto store = open();
  ASSERT_TRUE(store->ingest(sample_dataset()));
  EXPECT_FALSE(store->point("\xff"));
}

TEST_F(SqliteStoreTest, ingest_round_trips_hardware_presets_headlines_and_notes)
{
  auto store = open();
  const Dataset d = sample_dataset();
  auto summary = store->ingest(d);
  ASSERT_TRUE(summary) << summary.error().to_string();
  EXPECT_EQ(summary->points_added, 3);
  EXPECT_EQ(summary->findings_added, 3);
  EXPECT_EQ(summary->other_records_added, 3 + 3 + 2 + 2);

  // Hardware by hardware then effective date; presets and headlines in the order the source gave them.
  EXPECT_EQ(store->hardware(), (std::vector{d.hardware[2], d.hardware[1], d.hardware[0]}));
  EXPECT_EQ(store->presets(), d.presets);
  EXPECT_EQ(store->headlines(), d.headlines);
  const auto notes = store->dataset_notes();
  ASSERT_EQ(notes.size(), 2U);
  EXPECT_EQ(notes[0].source, "bundled:sample");
  EXPECT_EQ(notes[0].text, d.notes[0]);
  EXPECT_EQ(notes[1].text, d.notes[1]);
}

TEST_F(SqliteStoreTest, ingest_of_the_same_dataset_twice_stores_it_once)
{
  auto store = open();
  const Dataset d = sample_dataset();
  ASSERT_TRUE(store->ingest(d));
  const std::string before = dump_database(db_path());

  auto again = store->ingest(d);
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(again->points_added, 0);
  EXPECT_EQ(again->points_unchanged, 3);
  EXPECT_EQ(again->findings_added, 0);
  EXPECT_EQ(again->other_records_added, 0);
  EXPECT_EQ(store->point_count(), 3);
  EXPECT_EQ(dump_database(db_path()), before); // not even a new ingest log row
}

TEST_F(SqliteStoreTest, ingest_counts_a_point_repeated_within_one_dataset_once)
{
  auto store = open();
  auto summary = store->ingest(points_only({full_point("1"), full_point("1")}));
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->points_added, 1);
  EXPECT_EQ(summary->points_unchanged, 1);
  EXPECT_EQ(store->point_count(), 1);
}

// Two files of one ingest that disagree: the point is not "stored" to the user, the first file gave it.
TEST_F(SqliteStoreTest, a_conflict_between_two_files_of_one_ingest_names_the_first_file)
{
  auto store = open();
  Dataset first = sample_dataset();
  first.source = "first.json";
  Dataset second = sample_dataset();
  second.source = "second.json";
  second.points[1].per_gpu_tps.output = 309.5;  // "444915" has 310.43057 in the first
  const std::array both{first, second};
  auto result = store->ingest_all(both);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().record, "444915");
  EXPECT_EQ(result.error().message,
            "conflicts with the point first.json gave in this ingest (stored 310.43057, new 309.5)");
  EXPECT_EQ(store->point_count(), 0);
}

TEST_F(SqliteStoreTest, ingest_of_a_conflicting_point_fails_and_leaves_the_store_unchanged)
{
  auto store = open();
  ASSERT_TRUE(store->ingest(sample_dataset()));
  const std::string before = dump_database(db_path());

  Dataset changed = sample_dataset();
  changed.points.insert(changed.points.begin(), full_point("new-one")); // stored first, then undone
  changed.points[2].per_gpu_tps.output = 309.5;                          // "444915" had 310.43057
  changed.notes.push_back("a new dataset note");
  auto result = store->ingest(changed);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().record, "444915");
  EXPECT_EQ(result.error().field, "per_gpu_tps.output");
  EXPECT_EQ(result.error().message, "conflicts with the stored point (stored 310.43057, new 309.5)");

  EXPECT_EQ(dump_database(db_path()), before);
  EXPECT_EQ(store->point_count(), 3);
  EXPECT_FALSE(store->point("new-one"));
}

// A capture of a stored result that leaves optional fields out (an API answer without `image`, a CSV without a column)
// is the same point, in either order: nothing is added, and what is stored stays as it was.
TEST_F(SqliteStoreTest, a_capture_that_leaves_optional_fields_unknown_is_the_stored_point)
{
  BenchmarkPoint fewer = full_point("1");
  fewer.image.reset();
  fewer.offload_mode.reset();
  fewer.per_gpu_tps.input.reset();
  fewer.notes.clear(); // a capture without notes says nothing against the stored ones
  {
    auto store = open();
    ASSERT_TRUE(store->ingest(points_only({full_point("1")})));
    const auto again = store->ingest(points_only({fewer}));
    ASSERT_TRUE(again) << again.error().to_string();
    EXPECT_EQ(again->points_added, 0);
    EXPECT_EQ(again->points_unchanged, 1);
    EXPECT_EQ(store->point("1")->image, full_point("1").image);
    EXPECT_EQ(store->point("1")->per_gpu_tps.input, full_point("1").per_gpu_tps.input);
  }
  m_database.clear();
  auto store = open();
  ASSERT_TRUE(store->ingest(points_only({fewer})));
  // The fuller capture's findings are about values the stored point does not hold: they are not added to it.
  Dataset fuller_capture = points_only({full_point("1")});
  fuller_capture.findings.push_back({"1", domain::FindingKind::p90_above_median, "about the fuller capture"});
  const auto fuller = store->ingest(fuller_capture);
  ASSERT_TRUE(fuller) << fuller.error().to_string();
  EXPECT_EQ(fuller->points_unchanged, 1);
  EXPECT_EQ(fuller->findings_added, 0);
  EXPECT_TRUE(store->findings("1").empty());
  EXPECT_FALSE(store->point("1")->image);
  EXPECT_TRUE(store->point("1")->notes.empty());
  // The same capture again is the stored point itself: a finding about it is its own.
  Dataset same = points_only({fewer});
  same.findings.push_back({"1", domain::FindingKind::p90_above_median, "about the stored point"});
  const auto again = store->ingest(same);
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(again->findings_added, 1);
  // A known value that differs still conflicts.
  BenchmarkPoint other = full_point("1");
  other.kv_precision = "fp16";
  const auto conflict = store->ingest(points_only({other}));
  ASSERT_FALSE(conflict);
  EXPECT_EQ(conflict.error().field, "kv_precision");
}

TEST_F(SqliteStoreTest, ingest_names_the_first_differing_field_of_text_and_notes)
{
  auto store = open();
  ASSERT_TRUE(store->ingest(points_only({full_point("1")})));

  BenchmarkPoint image = full_point("1");
  image.image = "vllm/vllm-openai:v0.11";
  auto result = store->ingest(points_only({image}));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(),
            "1:image: conflicts with the stored point (stored \"vllm/vllm-openai:nightly-dev-arm64-cu13.0.1-"
            "20ebb28\", new \"vllm/vllm-openai:v0.11\")");

  BenchmarkPoint note = full_point("1");
  note.notes[1].text = "changed";
  result = store->ingest(points_only({note}));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().field, "notes[1].text");

  BenchmarkPoint fewer = full_point("1");
  fewer.notes.pop_back();
  result = store->ingest(points_only({fewer}));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().field, "notes");
  EXPECT_EQ(result.error().message, "conflicts with the stored point (stored 3 notes, new 2 notes)");

  BenchmarkPoint reordered = full_point("1");
  std::swap(reordered.notes[0], reordered.notes[2]);
  EXPECT_FALSE(store->ingest(points_only({reordered})));
}

TEST_F(SqliteStoreTest, ingest_is_all_or_nothing_when_the_thousandth_point_conflicts)
{
  auto store = open();
  ASSERT_TRUE(store->ingest(points_only({full_point("p-0999")})));
  const std::string before = dump_database(db_path());

  std::vector<BenchmarkPoint> points;
  for (int i = 0; i < 999; ++i) {
    points.push_back(full_point("q-" + std::to_string(i), i));
  }
  BenchmarkPoint conflicting = full_point("p-0999");
  conflicting.concurrency = 64;
  points.push_back(conflicting);
  ASSERT_EQ(points.size(), 1000U);

  auto result = store->ingest(points_only(points));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().record, "p-0999");
  EXPECT_EQ(result.error().field, "concurrency");
  EXPECT_EQ(result.error().message, "conflicts with the stored point (stored 128, new 64)");
  EXPECT_EQ(store->point_count(), 1);
  EXPECT_FALSE(store->point("q-0"));
  EXPECT_EQ(dump_database(db_path()), before);
}

TEST_F(SqliteStoreTest, ingest_all_is_all_or_nothing_across_datasets)
{
  auto store = open();
  BenchmarkPoint changed = full_point("1");
  changed.date = "2026-10-15";
  const std::vector<Dataset> datasets{sample_dataset(), points_only({full_point("1"), changed})};
  auto result = store->ingest_all(datasets);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().field, "date");
  EXPECT_TRUE(store->empty());
  EXPECT_TRUE(store->hardware().empty());
  EXPECT_TRUE(store->dataset_notes().empty());
}

// Enough points for the ingest to take its bulk path (secondary indexes dropped and built again).
std::vector<BenchmarkPoint>
many_points(int count)
{
  std::vector<BenchmarkPoint> points;
  for (int i = 0; i < count; ++i) {
    points.push_back(full_point(std::to_string(100000 + i), i));
    points.back().hardware = i % 2 == 0 ? "gb200" : "b200";
  }
  return points;
}

constexpr int k_bulk_points = 12'000;

TEST_F(SqliteStoreTest, ingest_of_many_points_keeps_the_schema_and_its_indexes)
{
  auto store = open();
  const std::string fresh_schema = schema_of(db_path());
  const std::vector<BenchmarkPoint> points = many_points(k_bulk_points);
  const auto added = store->ingest(points_only(points));
  ASSERT_TRUE(added);
  EXPECT_EQ(added->points_added, k_bulk_points);
  EXPECT_EQ(schema_of(db_path()), fresh_schema);
  EXPECT_EQ(store->point_count(), k_bulk_points);
  store::PointFilter b200;
  b200.hardware = "b200";
  EXPECT_EQ(store->points(b200).size(), static_cast<std::size_t>(k_bulk_points / 2));
  EXPECT_EQ(*store->point("100007"), points[7]);

  // The same points again are unchanged, and the schema still is.
  const std::string before = dump_database(db_path());
  const auto again = store->ingest(points_only(points));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->points_added, 0);
  EXPECT_EQ(again->points_unchanged, k_bulk_points);
  EXPECT_EQ(schema_of(db_path()), fresh_schema);
  EXPECT_EQ(dump_database(db_path()), before);
}

TEST_F(SqliteStoreTest, ingest_of_many_points_that_fails_leaves_the_store_and_its_indexes_as_before)
{
  auto store = open();
  ASSERT_TRUE(store->ingest(points_only({full_point("1")})));
  const std::string schema = schema_of(db_path());
  const std::string before = dump_database(db_path());

  std::vector<BenchmarkPoint> points = many_points(k_bulk_points);
  BenchmarkPoint changed = full_point("1");
  changed.concurrency = 64;
  points.push_back(changed);
  auto result = store->ingest(points_only(points));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().record, "1");
  EXPECT_EQ(result.error().field, "concurrency");
  EXPECT_EQ(schema_of(db_path()), schema);
  EXPECT_EQ(dump_database(db_path()), before);
}

TEST_F(SqliteStoreTest, ingest_refuses_a_conflicting_hardware_cost_preset_or_headline)
{
  auto store = open();
  ASSERT_TRUE(store->ingest(sample_dataset()));
  const std::string before = dump_database(db_path());

  Dataset hardware = sample_dataset();
  hardware.hardware[0].kw_per_gpu = 1.9;
  auto result = store->ingest(hardware);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(), "hardware gb200 (NVIDIA GB200 NVL72, 2026-11-02):kw_per_gpu: "
                                        "conflicts with the stored hardware cost (stored 1.87, new 1.9)");

  Dataset preset = sample_dataset();
  preset.presets[1].tokens_per_day.reset();
  result = store->ingest(preset);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(),
            "preset fireworks:tokens_per_day: conflicts with the stored preset (stored 40000000000000, "
            "new none)");

  Dataset headline = sample_dataset();
  headline.headlines[0].bracket_result_ids = {"444914"};
  result = store->ingest(headline);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().record, "headline Pro (DeepSeek-V4-Pro at 100 tok/s/user)");
  EXPECT_EQ(result.error().field, "bracket_result_ids");
  EXPECT_EQ(result.error().message,
            "conflicts with the stored headline (stored [\"444914\",\"444915\"], new [\"444914\"])");

  EXPECT_EQ(dump_database(db_path()), before);
}

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only
TEST_F(SqliteStoreTest, ingest_throws_on_a_storage_failure_and_rolls_everything_back)
{
  auto store = open();
  ASSERT_TRUE(store->ingest(points_only({full_point("1")})));
  // A failure SQLite reports half-way through the ingest, as a full disk would.
  testing::execute_raw(db_path(), "CREATE TRIGGER fail_on_x BEFORE INSERT ON points WHEN NEW.result_id = 'x' "
                                  "BEGIN SELECT RAISE(ABORT, 'simulated storage failure'); END");
  const std::string before = dump_database(db_path());

  Dataset d = sample_dataset();
  d.points.push_back(bare_point("x"));
  try {
    (void)store->ingest(d);
    FAIL() << "expected a StoreError";
  } catch (const StoreError& error) {
    EXPECT_THAT(error.what(), HasSubstr(db_path().string()));
    EXPECT_THAT(error.what(), HasSubstr("simulated storage failure"));
  }
  EXPECT_EQ(dump_database(db_path()), before);

  // The connection is still usable: the transaction was closed, not left open.
  testing::execute_raw(db_path(), "DROP TRIGGER fail_on_x");
  auto summary = store->ingest(d);
  ASSERT_TRUE(summary) << summary.error().to_string();
  EXPECT_EQ(summary->points_added, 4);
}
#endif

TEST_F(SqliteStoreTest, ingest_refuses_nan_which_would_read_back_as_empty)
{
  auto store = open();
  BenchmarkPoint p = full_point("1");
  p.cache.cpu = std::numeric_limits<double>::quiet_NaN();
  auto result = store->ingest(points_only({p}));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().record, "1");
  EXPECT_EQ(result.error().field, "cache.cpu");
  EXPECT_TRUE(store->empty());
}

TEST_F(SqliteStoreTest, ingest_refuses_a_finding_about_an_unknown_point)
{
  auto store = open();
  Dataset d = points_only({full_point("1")});
  d.findings = {{"2", domain::FindingKind::date_disagreement, "dates differ"}};
  auto result = store->ingest(d);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().record, "2");
  EXPECT_EQ(result.error().field, "result_id");
  EXPECT_THAT(result.error().message, HasSubstr("neither stored nor in the dataset"));
  EXPECT_TRUE(store->empty());
}

TEST_F(SqliteStoreTest, findings_lists_one_point_or_all)
{
  auto store = open();
  const Dataset d = sample_dataset();
  ASSERT_TRUE(store->ingest(d));
  // Ordered by result id, then kind name.
  EXPECT_EQ(store->findings("444914"), (std::vector{d.findings[0], d.findings[1]}));
  EXPECT_EQ(store->findings("500001"), std::vector{d.findings[2]});
  EXPECT_TRUE(store->findings("444915").empty());
  EXPECT_EQ(store->findings(std::nullopt), (std::vector{d.findings[0], d.findings[1], d.findings[2]}));

  // A finding added later to a stored point is insert-or-ignore.
  Dataset more;
  more.source = "checks";
  more.findings = {d.findings[0], {"444915", domain::FindingKind::mirrored_gpu_columns, "P=D=4"}};
  auto summary = store->ingest(more);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->findings_added, 1);
  EXPECT_EQ(store->findings("444915").size(), 1U);
}

class SqliteStoreFilterTest : public SqliteStoreTest
{
protected:
  void SetUp() override
  {
    auto point = [](std::string id, std::string model, std::string hardware, std::string date,
                    std::int64_t concurrency, bool disaggregated = false) {
      BenchmarkPoint p = bare_point(id);
      p.model = std::move(model);
      p.hardware = std::move(hardware);
      p.date = std::move(date);
      p.concurrency = concurrency;
      p.disaggregated = disaggregated;
      p.notes = {{"notes", "note of " + id}};
      return p;
    };
    // Inserted out of order on purpose.
    ASSERT_TRUE(open()->ingest(points_only({
      point("e", "V4-Pro", "mi355x", "2026-05-20", 8),
      point("a", "V4-Pro", "gb200", "2026-10-14", 64, true),
      point("d", "V4-Flash", "gb200", "2026-10-14", 4),
      point("c", "V4-Pro", "gb200", "2026-10-14", 16, true),
      point("b", "V4-Pro", "gb200", "2026-04-25", 128, true),
      point("f", "V4-Pro", "mi355x", "2026-04-25", 8),
    })));
  }

  // The ids of the points listed for the filter that `set` fills in.
  template<typename Setter> std::vector<std::string> listed(Setter set) const
  {
    PointFilter f;
    set(f);
    return ids(open()->points(f));
  }
};

TEST_F(SqliteStoreFilterTest, points_without_a_filter_lists_all_in_the_documented_order)
{
  // model, hardware, ..., disaggregation, workload, date, concurrency, result id.
  EXPECT_THAT(ids(open()->points({})), ElementsAre("d", "b", "c", "a", "f", "e"));
}

TEST_F(SqliteStoreFilterTest, points_filters_by_each_field)
{
  EXPECT_THAT(listed([](auto& f) { f.model = "V4-Pro"; }), ElementsAre("b", "c", "a", "f", "e"));
  EXPECT_THAT(listed([](auto& f) {
                f.model = "V4-Pro";
                f.hardware = "mi355x";
              }),
              ElementsAre("f", "e"));
  EXPECT_THAT(listed([](auto& f) { f.framework = "sglang"; }), ElementsAre("d", "b", "c", "a", "f", "e"));
  EXPECT_THAT(listed([](auto& f) { f.framework = "vllm"; }), ElementsAre());
  EXPECT_EQ(listed([](auto& f) { f.precision = "fp8"; }).size(), 6U);
  EXPECT_EQ(listed([](auto& f) { f.spec_method = "none"; }).size(), 6U);
  EXPECT_THAT(listed([](auto& f) { f.disaggregated = true; }), ElementsAre("b", "c", "a"));
  EXPECT_THAT(listed([](auto& f) { f.disaggregated = false; }), ElementsAre("d", "f", "e"));
  // Bound, never spliced: a quote is just a character of the value.
  EXPECT_THAT(listed([](auto& f) { f.model = "V4-Pro' OR '1'='1"; }), ElementsAre());
}

TEST_F(SqliteStoreFilterTest, points_filters_by_date_and_as_of)
{
  EXPECT_THAT(listed([](auto& f) { f.date = "2026-10-14"; }), ElementsAre("d", "c", "a"));
  EXPECT_THAT(listed([](auto& f) { f.as_of = "2026-05-20"; }), ElementsAre("b", "f", "e"));
  EXPECT_THAT(listed([](auto& f) { f.as_of = "2026-04-25"; }), ElementsAre("b", "f"));
  EXPECT_THAT(listed([](auto& f) { f.as_of = "2026-04-24"; }), ElementsAre());
  EXPECT_THAT(listed([](auto& f) {
                f.model = "V4-Pro";
                f.hardware = "gb200";
                f.as_of = "2026-12-31";
              }),
              ElementsAre("b", "c", "a"));
}

TEST_F(SqliteStoreFilterTest, points_carry_their_own_notes)
{
  for (const auto& p : open()->points({})) {
    ASSERT_EQ(p.notes.size(), 1U);
    EXPECT_EQ(p.notes[0].text, "note of " + p.result_id);
  }
}

TEST_F(SqliteStoreTest, two_stores_on_one_file_see_each_others_writes)
{
  auto first = open();
  auto second = open();
  ASSERT_TRUE(first->ingest(points_only({full_point("1")})));
  EXPECT_EQ(second->point_count(), 1);
  EXPECT_EQ(second->point("1"), full_point("1"));
  ASSERT_TRUE(second->ingest(points_only({bare_point("2")})));
  EXPECT_EQ(first->point_count(), 2);
  EXPECT_FALSE(first->empty());
  // Re-ingesting through the other connection is still idempotent.
  auto again = second->ingest(points_only({full_point("1")}));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->points_unchanged, 1);
}

TEST_F(SqliteStoreTest, data_version_changes_with_every_commit_of_either_store)
{
  auto first = open();
  auto second = open();
  const std::int64_t initial = first->data_version();
  EXPECT_EQ(first->data_version(), initial); // reading changes nothing

  ASSERT_TRUE(first->ingest(points_only({full_point("1")})));
  const std::int64_t after_own = first->data_version();
  EXPECT_NE(after_own, initial);

  const std::int64_t second_before = second->data_version();
  ASSERT_TRUE(second->ingest(points_only({bare_point("2")})));
  EXPECT_NE(second->data_version(), second_before);
  // Another connection's commit: SQLite sees it at once. PostgreSQL tells the other store by notification, a moment
  // after the commit (a query per call is what the notification saves), within the second a server promises.
  if constexpr (!test_engine::k_postgres_engine) {
    EXPECT_NE(first->data_version(), after_own);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (first->data_version() == after_own && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_NE(first->data_version(), after_own);

  // A refused ingest commits nothing.
  const std::int64_t before_refusal = first->data_version();
  BenchmarkPoint changed = full_point("1");
  changed.concurrency = 1;
  ASSERT_FALSE(first->ingest(points_only({changed})));
  EXPECT_EQ(first->data_version(), before_refusal);
}

TEST_F(SqliteStoreTest, size_bytes_grows_with_the_data)
{
  auto store = open();
  const std::int64_t empty_size = store->size_bytes();
  EXPECT_GT(empty_size, 0);
  std::vector<BenchmarkPoint> points;
  for (int i = 0; i < 500; ++i) {
    points.push_back(full_point("p" + std::to_string(i), i));
  }
  ASSERT_TRUE(store->ingest(points_only(points)));
  EXPECT_GT(store->size_bytes(), empty_size);
}

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only
// A database file that cannot be written is still read, and every write says why it is refused.
TEST_F(SqliteStoreTest, a_read_only_file_is_read_and_refuses_writes_as_read_only)
{
  ASSERT_TRUE(open()->ingest(sample_dataset()));
  const auto read_only = infertrack::test::ReadOnlyFile::make(db_path());
  if (!read_only) {
    GTEST_SKIP() << "cannot make a file read-only here";
  }
  auto store = open();
  EXPECT_TRUE(store->read_only());
  EXPECT_EQ(store->points({}).size(), sample_dataset().points.size());
  try {
    store->begin_ingest();
    ADD_FAILURE() << "an ingest began on a read-only file";
  } catch (const StoreReadOnly& refused) {
    EXPECT_THAT(refused.what(), HasSubstr("read-only"));
  }
  EXPECT_THROW(store->community().add_event("sign_in", "key", 1), StoreReadOnly);
  store->community().touch_session("no such session", 1); // best effort: no failure for a read to answer
  EXPECT_FALSE(open_store(m_dir.file("other.db"))->read_only());
}
#endif

}  // namespace
}  // namespace infertrack::store::sqlite
