// The SQLite store alone: how fast a dataset goes in (one transaction, prepared statements) and how fast a
// filtered listing comes out. Points are synthetic but shaped like real ones (strings of realistic length,
// most optionals set, a note on about one point in ten) and generated from a fixed seed.

#include "infertrack/store/sqlite/sqlite_store.hpp"

#include <benchmark/benchmark.h>

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace {

using infertrack::domain::BenchmarkPoint;
using infertrack::domain::Dataset;

constexpr std::uint64_t k_seed = 20261102;
constexpr std::int64_t k_ingest_points = 1'000'000;
constexpr std::int64_t k_query_points = 100'000;
constexpr double k_note_probability = 0.1;

constexpr std::array k_models{"DeepSeek-V4-Pro", "DeepSeek-V4.1-Flash", "DeepSeek-R1-0528", "Kimi-K2.5"};
constexpr std::array k_hardware{"gb200", "gb300", "b200", "b300", "h200", "h100", "mi355x", "mi325x"};
constexpr std::array k_frameworks{"dynamo-vllm", "dynamo-sglang", "dynamo-trt", "vllm", "sglang", "trt"};
constexpr std::array k_precisions{"fp4", "fp8"};
constexpr std::array k_spec_methods{"none", "mtp", "draft_model"};
constexpr std::array k_workloads{"agentic", "1024/1024", "8192/1024", "1024/8192"};

template<typename Array>
const char*
pick(std::mt19937_64& rng, const Array& values)
{
  return values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng)];
}

std::string
hex(std::mt19937_64& rng, int digits)
{
  static constexpr char k_digits[] = "0123456789abcdef";
  std::string text(static_cast<std::size_t>(digits), '0');
  for (char& c : text) {
    c = k_digits[rng() & 0xf];
  }
  return text;
}

std::string
date(std::mt19937_64& rng)
{
  char text[sizeof "2026-12-31"];
  std::snprintf(text, sizeof text, "2026-%02d-%02d", static_cast<int>(rng() % 12 + 1),
                static_cast<int>(rng() % 28 + 1));
  return text;
}

BenchmarkPoint
synthetic_point(std::mt19937_64& rng, std::int64_t& next_id)
{
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  BenchmarkPoint p;
  next_id += 1 + static_cast<std::int64_t>(rng() % 7); // API ids grow with gaps
  p.result_id = std::to_string(next_id);
  p.model = pick(rng, k_models);
  p.hardware = pick(rng, k_hardware);
  p.framework = pick(rng, k_frameworks);
  p.precision = pick(rng, k_precisions);
  p.spec_method = pick(rng, k_spec_methods);
  p.workload = pick(rng, k_workloads);
  p.concurrency = std::int64_t{1} << (rng() % 11);
  p.disaggregated = p.framework.starts_with("dynamo");
  if (p.workload != "agentic") {
    p.isl = std::stoll(p.workload.substr(0, p.workload.find('/')));
    p.osl = std::stoll(p.workload.substr(p.workload.find('/') + 1));
  }
  if (p.disaggregated) {
    p.prefill_gpus = 4 * static_cast<std::int64_t>(rng() % 4 + 1);
    p.decode_gpus = 4 * static_cast<std::int64_t>(rng() % 4 + 1);
    p.total_allocated_gpus = *p.prefill_gpus + *p.decode_gpus;
  } else {
    p.aggregate_engine_gpus = 8;
    p.total_allocated_gpus = 8;
  }
  p.tp = 1;
  p.ep = p.total_allocated_gpus;
  const double gpus = static_cast<double>(p.total_allocated_gpus);
  p.absolute_tps = {unit(rng) * 600000, unit(rng) * 50000, std::nullopt};
  p.absolute_tps.total = *p.absolute_tps.input + *p.absolute_tps.output;
  p.per_gpu_tps = {*p.absolute_tps.input / gpus, *p.absolute_tps.output / gpus, *p.absolute_tps.total / gpus};
  p.interactivity_p90 = 1 + unit(rng) * 200;
  p.interactivity_median = *p.interactivity_p90 * (1 + unit(rng) * 0.2);
  p.tokens = {unit(rng) * 130000, unit(rng) * 90000, unit(rng) * 270000,
              unit(rng) * 1000,   unit(rng) * 500,   unit(rng) * 2300};
  p.cache = {unit(rng), unit(rng), unit(rng), unit(rng)};
  p.offload_mode = "off";
  p.kv_offloading = "none";
  p.context_limit_tokens = 1048576;
  p.kv_precision = "fp8";
  p.date = date(rng);
  p.run_date = p.date;
  p.image = p.framework + "/" + p.framework + "-openai:nightly-dev-arm64-cu13.0.1-" + hex(rng, 7);
  p.run_url = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/" +
              std::to_string(rng() % 100'000'000'000) + "/attempts/1";
  p.workflow_id = std::to_string(rng() % 10000);
  p.recipe_fingerprint = hex(rng, 64);
  p.source_url = "https://inferencex.semianalysis.com/api/v1/benchmarks?model=" + p.model;
  if (unit(rng) < k_note_probability) {
    p.notes.push_back({"role_note", "API P/D TP fields encode serving topology; worker logs show TP1 with "
                                    "data/expert parallelism."});
  }
  return p;
}

Dataset
synthetic_dataset(std::int64_t count)
{
  std::mt19937_64 rng(k_seed);
  std::int64_t next_id = 100000;
  Dataset dataset;
  dataset.source = "bench:synthetic";
  dataset.points.reserve(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i) {
    dataset.points.push_back(synthetic_point(rng, next_id));
  }
  return dataset;
}

// A fresh directory for one database, removed afterwards.
struct ScratchFile
{
  explicit ScratchFile(const char* name)
    : dir(std::filesystem::temp_directory_path() /
          ("infertrack-store-bench-" + std::to_string(::getpid()) + "-" + name))
  {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~ScratchFile() { std::filesystem::remove_all(dir); }
  std::filesystem::path db() const { return dir / "store.db"; }

  std::filesystem::path dir;
};

// Ingest of `state.range(0)` points into a fresh file: the transaction, the inserts, the commit and the
// WAL checkpoint that follows it. Building the points and opening the file are not timed.
void
BM_ingest_points(benchmark::State& state)
{
  const Dataset dataset = synthetic_dataset(state.range(0));
  for (auto _ : state) {
    state.PauseTiming();
    {
      ScratchFile scratch("ingest");
      auto store = infertrack::store::sqlite::open_store(scratch.db());
      state.ResumeTiming();
      auto summary = store->ingest(dataset);
      state.PauseTiming();
      if (!summary || summary->points_added != state.range(0)) {
        state.SkipWithError("ingest did not store every point");
      }
      state.counters["db_MiB"] =
        static_cast<double>(std::filesystem::file_size(scratch.db())) / (1024.0 * 1024.0);
    }
    state.ResumeTiming();
  }
  state.counters["points_per_s"] =
    benchmark::Counter(static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ingest_points)
  ->Arg(k_ingest_points)
  ->Iterations(1)
  ->UseRealTime()
  ->Unit(benchmark::kMillisecond);

// Ingest of `state.range(0)` points that are all stored already: the idempotent path, where each point is
// read back and compared field by field.
void
BM_reingest_unchanged_points(benchmark::State& state)
{
  ScratchFile scratch("reingest");
  auto store = infertrack::store::sqlite::open_store(scratch.db());
  const Dataset dataset = synthetic_dataset(state.range(0));
  if (!store->ingest(dataset)) {
    state.SkipWithError("ingest failed");
    return;
  }
  for (auto _ : state) {
    auto summary = store->ingest(dataset);
    if (!summary || summary->points_unchanged != state.range(0)) {
      state.SkipWithError("re-ingest did not find every point unchanged");
    }
  }
  state.counters["points_per_s"] =
    benchmark::Counter(static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_reingest_unchanged_points)->Arg(k_query_points)->UseRealTime()->Unit(benchmark::kMillisecond);

// points(filter) for one model over a store of `state.range(0)` points (a quarter of them that model),
// notes included.
void
BM_points_for_one_model(benchmark::State& state)
{
  ScratchFile scratch("query");
  auto store = infertrack::store::sqlite::open_store(scratch.db());
  if (!store->ingest(synthetic_dataset(state.range(0)))) {
    state.SkipWithError("ingest failed");
    return;
  }
  infertrack::store::PointFilter filter;
  filter.model = k_models[0];
  std::size_t listed = 0;
  for (auto _ : state) {
    auto points = store->points(filter);
    listed = points.size();
    benchmark::DoNotOptimize(points);
  }
  state.counters["points_listed"] = static_cast<double>(listed);
  state.counters["points_per_s"] =
    benchmark::Counter(static_cast<double>(listed), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_points_for_one_model)->Arg(k_query_points)->UseRealTime()->Unit(benchmark::kMillisecond);

// latest_points(filter) over a store of `state.range(0)` points: every configuration's latest run (what the
// public listing reads), or those of one hardware (what a hardware page reads).
void
latest_points(benchmark::State& state, const infertrack::store::PointFilter& filter)
{
  ScratchFile scratch("latest");
  auto store = infertrack::store::sqlite::open_store(scratch.db());
  if (!store->ingest(synthetic_dataset(state.range(0)))) {
    state.SkipWithError("ingest failed");
    return;
  }
  std::size_t listed = 0;
  for (auto _ : state) {
    auto points = store->latest_points(filter);
    listed = points.size();
    benchmark::DoNotOptimize(points);
  }
  state.counters["points_listed"] = static_cast<double>(listed);
}

void
BM_latest_points_all(benchmark::State& state)
{
  latest_points(state, {});
}
BENCHMARK(BM_latest_points_all)->Arg(k_ingest_points)->UseRealTime()->Unit(benchmark::kMillisecond);

void
BM_latest_points_one_hardware(benchmark::State& state)
{
  infertrack::store::PointFilter filter;
  filter.hardware = k_hardware[0];
  latest_points(state, filter);
}
BENCHMARK(BM_latest_points_one_hardware)->Arg(k_ingest_points)->UseRealTime()->Unit(benchmark::kMillisecond);

// One store of k_ingest_points points shared by the page benchmarks: built on first use, removed at exit.
infertrack::store::Store&
page_store()
{
  static ScratchFile scratch("pages");
  static const std::unique_ptr<infertrack::store::Store> store = [] {
    auto opened = infertrack::store::sqlite::open_store(scratch.db());
    if (!opened->ingest(synthetic_dataset(k_ingest_points))) {
      throw std::runtime_error("ingest failed");
    }
    return opened;
  }();
  return *store;
}

// points_page(filter, cursor, 1000), the page /api/v1/points serves: from the start of the listing, or after
// the first point of the model that sorts last (three quarters into the listing).
void
points_page(benchmark::State& state, const infertrack::store::PointFilter& filter, bool deep)
{
  infertrack::store::Store& store = page_store();
  std::optional<std::string> after;
  if (deep) {
    infertrack::store::PointFilter last_model;
    last_model.model = "Kimi-K2.5";
    after = store.points_page(last_model, std::nullopt, 1).at(0).result_id;
  }
  std::size_t listed = 0;
  for (auto _ : state) {
    auto page = store.points_page(filter, after, 1000);
    listed = page.size();
    benchmark::DoNotOptimize(page);
  }
  state.counters["points_listed"] = static_cast<double>(listed);
}

void
BM_points_page_deep(benchmark::State& state)
{
  points_page(state, {}, true);
}
BENCHMARK(BM_points_page_deep)->UseRealTime()->Unit(benchmark::kMillisecond);

void
BM_points_page_deep_one_hardware(benchmark::State& state)
{
  infertrack::store::PointFilter filter;
  filter.hardware = "h100";
  points_page(state, filter, true);
}
BENCHMARK(BM_points_page_deep_one_hardware)->UseRealTime()->Unit(benchmark::kMillisecond);

// A filter on the date alone: few points of each configuration match.
void
BM_points_page_one_date(benchmark::State& state)
{
  infertrack::store::PointFilter filter;
  filter.date = "2026-06-15";
  points_page(state, filter, false);
}
BENCHMARK(BM_points_page_one_date)->UseRealTime()->Unit(benchmark::kMillisecond);

// Every page of one model (a quarter of the store), each from the last point of the one before.
void
BM_points_page_walk_one_model(benchmark::State& state)
{
  infertrack::store::Store& store = page_store();
  infertrack::store::PointFilter filter;
  filter.model = k_models[0];
  std::size_t listed = 0;
  for (auto _ : state) {
    listed = 0;
    std::optional<std::string> after;
    while (true) {
      auto page = store.points_page(filter, after, 1000);
      if (page.empty()) {
        break;
      }
      listed += page.size();
      after = page.back().result_id;
    }
  }
  state.counters["points_listed"] = static_cast<double>(listed);
}
BENCHMARK(BM_points_page_walk_one_model)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
