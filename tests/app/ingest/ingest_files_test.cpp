// ingest_files stores each file, or each batch of a large file's rows, while the next is read on a second
// thread: what it stores must be what reading everything first and then storing stores, and a bad file or a
// conflicting row anywhere must leave the database as it was.
#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"
#include "store/store_test_support.hpp"
#include "formats/test_files.hpp"
#include "support/temp_dir.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace infertrack::app {
namespace {

using formats::test::read_runner_file;
using formats::test::read_source_file;

const std::string k_csv_header = "result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,"
                                 "tput_per_gpu,interactivity,interactivity_basis\n";

// One CSV row of a run of 40 configurations: row `i` has result id r<i>.
std::string
csv_row(int i, double tput_per_gpu)
{
  return fmt::format("r{},DeepSeek-V4-Pro,gb200,vllm,fp4-{},2026-06-{:02},{},8,{},{},p90_itl\n",
                     i,
                     i % 40,
                     1 + i / 5000,
                     1 + i % 97,
                     tput_per_gpu,
                     100.0 / (1 + i % 97));
}

// A CSV of `rows` points, more than one batch of rows: what a large file is read in.
std::string
large_csv(int rows)
{
  std::string csv = k_csv_header;
  for (int i = 0; i < rows; ++i) {
    csv += csv_row(i, 10.0 + i);
  }
  return csv;
}

class IngestFilesTest : public ::testing::Test
{
protected:
  std::filesystem::path db(const std::string& name) const { return m_dir.file(name); }

  // `paths` stored both ways, into pipelined.db by ingest_files and into sequential.db by read_files and
  // ingest_datasets; what ingest_files said of it.
  FilesIngest ingest_both_ways(std::span<const std::filesystem::path> paths)
  {
    m_pipelined = store::sqlite::open_store(db("pipelined.db"));
    const auto ingested = ingest_files(*m_pipelined, paths);
    EXPECT_TRUE(ingested) << ingested.error().to_string();
    m_sequential = store::sqlite::open_store(db("sequential.db"));
    const auto datasets = read_files(paths);
    EXPECT_TRUE(datasets) << datasets.error().to_string();
    const auto summary = datasets ? ingest_datasets(*m_sequential, *datasets) : util::fail("", "", "unread");
    EXPECT_TRUE(summary) << summary.error().to_string();
    m_sequential_summary = summary.value_or(store::IngestSummary{});
    return ingested.value_or(FilesIngest{});
  }

  test::TempDir m_dir;
  std::unique_ptr<store::Store> m_pipelined;
  std::unique_ptr<store::Store> m_sequential;
  store::IngestSummary m_sequential_summary;
};

TEST_F(IngestFilesTest, stores_what_reading_everything_first_stores)
{
  std::filesystem::create_directories(m_dir.file("in"));
  m_dir.write("in/a.json", read_runner_file("agg_dsv4_agentic_gb200_dynamo-vllm_fp4_p8d8_conc64.json"));
  m_dir.write("in/b.csv", read_source_file("data/mi355x-dsv4-pro-published.csv"));
  m_dir.write("in/c.json", read_source_file("tests/cases/inferencex/benchmarks-dsr1-latest.json"));
  m_dir.write("in/d.csv", large_csv(20'000));
  const std::filesystem::path paths[] = {m_dir.file("in"), m_dir.file("in/b.csv")}; // b.csv twice: unchanged

  const FilesIngest ingested = ingest_both_ways(paths);
  EXPECT_EQ(ingested.files, 5u);
  EXPECT_EQ(ingested.summary.points_added, m_sequential_summary.points_added);
  EXPECT_EQ(ingested.summary.points_unchanged, m_sequential_summary.points_unchanged);
  EXPECT_EQ(ingested.summary.findings_added, m_sequential_summary.findings_added);
  EXPECT_GT(ingested.summary.points_added, 20'000);
  EXPECT_GT(ingested.summary.points_unchanged, 0);
  EXPECT_EQ(m_pipelined->points({}), m_sequential->points({}));
  EXPECT_EQ(m_pipelined->findings(std::nullopt), m_sequential->findings(std::nullopt));
  EXPECT_EQ(m_pipelined->dataset_notes().size(), m_sequential->dataset_notes().size());
}

// The seed snapshot with `copies` more points after its own: its headlines' brackets and its hardware key
// then refer to points that went on in the first batch, long before the sections after the points are read.
std::string
large_snapshot(int copies)
{
  nlohmann::json snapshot = nlohmann::json::parse(read_source_file("data/deepseek-v4-gb200-snapshot.json"));
  nlohmann::json& points = snapshot["points"];
  const nlohmann::json seed_points = points;
  for (int i = 0; i < copies; ++i) {
    nlohmann::json copy = seed_points[static_cast<std::size_t>(i) % seed_points.size()];
    copy["result_id"] = "copy-" + std::to_string(i);
    points.push_back(std::move(copy));
  }
  return snapshot.dump();
}

TEST_F(IngestFilesTest, a_large_snapshot_in_batches_keeps_its_sections)
{
  m_dir.write("snapshot.json", large_snapshot(20'000));
  const std::filesystem::path paths[] = {m_dir.file("snapshot.json")};
  EXPECT_EQ(ingest_both_ways(paths).summary.points_added, 20'005);
  EXPECT_EQ(m_pipelined->points({}), m_sequential->points({}));
  EXPECT_EQ(m_pipelined->headlines(), m_sequential->headlines());
  EXPECT_FALSE(m_pipelined->headlines().empty());
  EXPECT_EQ(m_pipelined->hardware(), m_sequential->hardware());
  EXPECT_EQ(m_pipelined->hardware().at(0).hardware, "gb200");
  EXPECT_EQ(m_pipelined->findings(std::nullopt), m_sequential->findings(std::nullopt));
  // Logged once, with the retrieval time and method its last part brought.
  const auto logged = [this](const std::string& name) {
    return store::sqlite::Connection(db(name).string())
      .query_text("SELECT COUNT(*) || ' ' || MIN(source) || ' ' || MIN(retrieved) || ' ' || length(MIN(method))"
                  " FROM datasets WHERE source NOT LIKE 'bundled:%'")
      .value_or("no row, or a NULL column");
  };
  EXPECT_EQ(logged("pipelined.db"), logged("sequential.db"));
  EXPECT_THAT(logged("pipelined.db"), ::testing::StartsWith("1 " + m_dir.file("snapshot.json").string() + " 2026"));
}

// The large snapshot with its point `index` once more at the end, `mean_input_tokens` changed by `change`: the
// repeat comes after the first point went on in a batch (and, stored, was let go).
std::string
snapshot_repeating(std::size_t index, double change)
{
  nlohmann::json snapshot = nlohmann::json::parse(large_snapshot(20'000));
  nlohmann::json repeat = snapshot["points"][index];
  repeat["mean_input_tokens"] = repeat["mean_input_tokens"].get<double>() + change;
  snapshot["points"].push_back(std::move(repeat));
  return snapshot.dump();
}

TEST_F(IngestFilesTest, a_snapshot_point_repeating_one_of_an_earlier_batch_is_stored_once)
{
  m_dir.write("snapshot.json", snapshot_repeating(7, 0));
  const std::filesystem::path paths[] = {m_dir.file("snapshot.json")};
  EXPECT_EQ(ingest_both_ways(paths).summary.points_added, 20'005);
  EXPECT_EQ(m_pipelined->points({}), m_sequential->points({}));
  EXPECT_EQ(m_pipelined->headlines(), m_sequential->headlines());
  EXPECT_EQ(m_pipelined->findings(std::nullopt), m_sequential->findings(std::nullopt));
}

TEST_F(IngestFilesTest, a_snapshot_point_conflicting_with_one_of_an_earlier_batch_refuses_the_file)
{
  auto store = store::sqlite::open_store(db("store.db"));
  const std::string before = store::testing::dump_database(db("store.db"));
  m_dir.write("snapshot.json", snapshot_repeating(7, 1));
  const std::filesystem::path paths[] = {m_dir.file("snapshot.json")};
  const auto ingested = ingest_files(*store, paths);
  ASSERT_FALSE(ingested);
  EXPECT_EQ(ingested.error().to_string(), read_files(paths).error().to_string());
  EXPECT_THAT(ingested.error().to_string(), ::testing::HasSubstr("points[20005]:result_id: conflicting duplicate"));
  EXPECT_EQ(store::testing::dump_database(db("store.db")), before);
}

TEST_F(IngestFilesTest, a_wrong_path_opens_no_database)
{
  bool opened = false;
  auto store = store::sqlite::open_store(db("store.db"));
  const std::filesystem::path paths[] = {m_dir.file("absent.csv")};
  const auto ingested = ingest_files(
    [&]() -> store::Store& {
      opened = true;
      return *store;
    },
    paths);
  ASSERT_FALSE(ingested);
  EXPECT_EQ(ingested.error().file, m_dir.file("absent.csv").string());
  EXPECT_FALSE(opened);
}

TEST_F(IngestFilesTest, a_bad_file_after_good_ones_leaves_the_store_as_before)
{
  auto store = store::sqlite::open_store(db("store.db"));
  m_dir.write("first.csv", read_source_file("data/mi355x-dsv4-pro-published.csv"));
  ASSERT_TRUE(ingest_files(*store, std::vector{m_dir.file("first.csv")}));
  const std::string before = store::testing::dump_database(db("store.db"));

  std::filesystem::create_directories(m_dir.file("in"));
  m_dir.write("in/a.csv", large_csv(20'000));
  m_dir.write("in/b.json", "[" + read_runner_file("agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json") + ",");
  const std::filesystem::path paths[] = {m_dir.file("in")};
  const auto ingested = ingest_files(*store, paths);
  ASSERT_FALSE(ingested);
  EXPECT_EQ(ingested.error().file, m_dir.file("in/b.json").string());
  EXPECT_EQ(ingested.error().to_string(), read_files(paths).error().to_string());
  EXPECT_EQ(store::testing::dump_database(db("store.db")), before);
}

TEST_F(IngestFilesTest, a_row_repeating_one_of_an_earlier_batch_is_stored_once)
{
  // Line 2 holds r0; the last line repeats it after more than two batches of rows.
  m_dir.write("points.csv", large_csv(20'000) + csv_row(0, 10.0));
  auto store = store::sqlite::open_store(db("store.db"));
  const auto ingested = ingest_files(*store, std::vector{m_dir.file("points.csv")});
  ASSERT_TRUE(ingested) << ingested.error().to_string();
  EXPECT_EQ(ingested->files, 1u);
  EXPECT_EQ(ingested->summary.points_added, 20'000);
  EXPECT_EQ(store->point_count(), 20'000);
  // Stored in three batches, logged as the one file it is.
  store::sqlite::Connection raw(db("store.db").string());
  EXPECT_EQ(raw.query_text("SELECT COUNT(*) || ' ' || MIN(source) FROM datasets"),
            "1 " + m_dir.file("points.csv").string());
}

// A pipe cannot be read a second time to tell a repeat from a conflict: it is read whole, not in batches.
TEST_F(IngestFilesTest, a_pipe_repeating_a_row_far_back_is_read_once_and_whole)
{
  const std::filesystem::path pipe = m_dir.file("points.csv");
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  const std::string csv = large_csv(20'000) + csv_row(0, 10.0);
  std::thread writer([&] { std::ofstream(pipe, std::ios::binary) << csv; });
  auto store = store::sqlite::open_store(db("store.db"));
  const auto ingested = ingest_files(*store, std::vector{pipe});
  writer.join();
  ASSERT_TRUE(ingested) << ingested.error().to_string();
  EXPECT_EQ(ingested->summary.points_added, 20'000);
  EXPECT_EQ(store->point_count(), 20'000);
}

TEST_F(IngestFilesTest, a_row_conflicting_with_one_of_an_earlier_batch_refuses_the_file)
{
  auto store = store::sqlite::open_store(db("store.db"));
  const std::string before = store::testing::dump_database(db("store.db"));
  m_dir.write("points.csv", large_csv(20'000) + csv_row(0, 11.0));
  const auto ingested = ingest_files(*store, std::vector{m_dir.file("points.csv")});
  ASSERT_FALSE(ingested);
  EXPECT_EQ(ingested.error().to_string(),
            m_dir.file("points.csv").string() +
              ":20002:result_id: conflicting duplicate (got result id \"r0\" again with different values, expected "
              "the same values as line 2)");
  EXPECT_EQ(store::testing::dump_database(db("store.db")), before);
}

}  // namespace
}  // namespace infertrack::app
