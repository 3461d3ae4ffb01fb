// End-to-end ingest: a file (or a directory of files) on disk -> format detection and parsing -> completion and
// data-quality checks -> the run-level checks against the stored runs -> one SQLite transaction. This is what
// `infertrack ingest FILE` does, minus process start-up.
#include "synthetic_points.hpp"

#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include <benchmark/benchmark.h>

#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace {

namespace fs = std::filesystem;
using infertrack::bench::SyntheticSpec;

constexpr std::size_t k_csv_points = 1'000'000;
// A snapshot of just over 100 MB (101 MB): each synthetic snapshot point takes about 1.58 KB of JSON.
constexpr std::size_t k_snapshot_points = 64'000;
// One InferenceX API answer of a million rows, one JSON array (about 1.4 GB: the API's rows are 1.2-1.8 KB).
constexpr std::size_t k_inferencex_rows = 1'000'000;
// A million InferenceX runner rows (1.4 KB fixed-length, 3.5 KB agentic; about 2.1 GB): one collected array,
// and 1,000 arrays of 1,000 rows in a directory.
constexpr std::size_t k_runner_rows = 1'000'000;
constexpr std::size_t k_runner_rows_per_file = 1'000;
// The runner writes one object per agg_*.json file: 100,000 of them (a million would be a million files to
// create and open, which does not fit the time; this measures the per-file cost).
constexpr std::size_t k_runner_object_files = 100'000;

fs::path
bench_dir()
{
  const fs::path dir = fs::temp_directory_path() / ("infertrack-ingest-bench-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

// Flushes the inputs just written to disk: an input is on disk before `infertrack ingest` runs, and writing
// back hundreds of megabytes of it would otherwise take a core from the first measured ingest.
void
settle_inputs()
{
  ::sync();
}

fs::path
write_file(const std::string& name, const std::string& content)
{
  const fs::path path = bench_dir() / name;
  std::ofstream(path, std::ios::binary) << content;
  settle_inputs();
  return path;
}

// The bytes of `input`: a file, or every file under a directory.
std::uintmax_t
input_bytes(const fs::path& input)
{
  if (!fs::is_directory(input)) {
    return fs::file_size(input);
  }
  std::uintmax_t bytes = 0;
  for (const auto& entry : fs::recursive_directory_iterator(input)) {
    bytes += entry.is_regular_file() ? entry.file_size() : 0;
  }
  return bytes;
}

// CPU seconds of the whole process (every thread) so far.
double
process_cpu_seconds()
{
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Ingests `input` into a fresh database: with the benchmark's second argument 0, every file is read first and
// then stored (read_files, ingest_datasets: CPU split into reading and storing); with 1 as `infertrack ingest`
// does it, each file stored while the next is read on a second thread (ingest_files).
void
ingest_file(benchmark::State& state, const fs::path& input, std::size_t points)
{
  const bool read_ahead = state.range(1) != 0;
  // The machine is shared: wall time includes waiting for a core, so points per CPU second is reported too.
  double cpu_seconds = 0;
  double read_cpu_seconds = 0;  // reading, parsing, completing and checking the file
  double store_cpu_seconds = 0; // opening the store, ingest_all, closing it
  for (auto _ : state) {
    state.PauseTiming();
    const fs::path db = bench_dir() / "ingest.db";
    fs::remove(db);
    fs::remove(db.string() + "-wal");
    fs::remove(db.string() + "-shm");
    state.ResumeTiming();
    const double cpu_start = process_cpu_seconds();

    const fs::path files[] = {input};
    if (read_ahead) {
      auto store = infertrack::store::sqlite::open_store(db);
      auto ingested = infertrack::app::ingest_files(*store, files);
      if (!ingested || ingested->summary.points_added != static_cast<std::int64_t>(points)) {
        state.SkipWithError(ingested ? "ingest did not store every point" : ingested.error().to_string().c_str());
        return;
      }
      cpu_seconds += process_cpu_seconds() - cpu_start;
      continue;
    }
    auto datasets = infertrack::app::read_files(files);
    if (!datasets) {
      state.SkipWithError(datasets.error().to_string().c_str());
      return;
    }
    const double cpu_read = process_cpu_seconds();
    {
      auto store = infertrack::store::sqlite::open_store(db);
      auto summary = infertrack::app::ingest_datasets(*store, *datasets);
      if (!summary || summary->points_added != static_cast<std::int64_t>(points)) {
        state.SkipWithError("ingest did not store every point");
        return;
      }
    }
    const double cpu_stored = process_cpu_seconds();
    datasets->clear(); // freeing the points is part of the command too
    const double cpu_end = process_cpu_seconds();
    cpu_seconds += cpu_end - cpu_start;
    read_cpu_seconds += cpu_read - cpu_start;
    store_cpu_seconds += cpu_stored - cpu_read;
  }
  const auto iterations = static_cast<double>(state.iterations());
  state.counters["points/cpu_s"] = static_cast<double>(points) * iterations / cpu_seconds;
  if (!read_ahead) {
    state.counters["read_cpu_s"] = read_cpu_seconds / iterations;
    state.counters["store_cpu_s"] = store_cpu_seconds / iterations;
  }
  state.counters["points/s"] =
    benchmark::Counter(static_cast<double>(points) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["file_MB"] = static_cast<double>(input_bytes(input)) / 1e6;
}

void
BM_ingest_csv(benchmark::State& state)
{
  SyntheticSpec spec;
  spec.points = static_cast<std::size_t>(state.range(0));
  spec.groups = 1000;
  spec.dates = 20;
  static const fs::path input = write_file("points.csv", infertrack::bench::synthetic_points_csv(spec));
  ingest_file(state, input, spec.points);
}

void
BM_ingest_snapshot(benchmark::State& state)
{
  SyntheticSpec spec;
  spec.points = static_cast<std::size_t>(state.range(0));
  spec.groups = 1000;
  spec.dates = 20;
  static const fs::path input = write_file("snapshot.json", infertrack::bench::synthetic_snapshot_json(spec));
  ingest_file(state, input, spec.points);
}

void
BM_ingest_inferencex_rows(benchmark::State& state)
{
  SyntheticSpec spec;
  spec.points = static_cast<std::size_t>(state.range(0));
  spec.groups = 1000;
  spec.dates = 20;
  static const fs::path input =
    write_file("inferencex-rows.json", infertrack::bench::synthetic_inferencex_rows_json(spec));
  ingest_file(state, input, spec.points);
}

// The InferenceX runner rows of a spec of `rows` points, built only while their files are written.
infertrack::bench::SyntheticRunnerRows
runner_rows(std::size_t rows)
{
  SyntheticSpec spec;
  spec.points = rows;
  spec.groups = 1000;
  spec.dates = 20;
  return infertrack::bench::SyntheticRunnerRows(spec);
}

void
BM_ingest_runner_array(benchmark::State& state)
{
  const auto rows = static_cast<std::size_t>(state.range(0));
  static const fs::path input = write_file("agg_bmk.json", runner_rows(rows).array(0, rows));
  ingest_file(state, input, rows);
}

// `rows` runner rows in a directory of files of `per_file` rows each: arrays, or the runner's lone objects.
fs::path
write_runner_dir(std::size_t rows, std::size_t per_file)
{
  const fs::path dir = bench_dir() / ("runner-" + std::to_string(per_file));
  fs::create_directories(dir);
  const infertrack::bench::SyntheticRunnerRows synthetic = runner_rows(rows);
  std::string text;
  for (std::size_t first = 0; first < rows; first += per_file) {
    text.clear();
    if (per_file == 1) {
      synthetic.append_row(text, first);
      text += '\n';
    } else {
      text = synthetic.array(first, per_file);
    }
    std::ofstream(dir / ("agg_" + std::to_string(first) + ".json"), std::ios::binary) << text;
  }
  settle_inputs();
  return dir;
}

void
BM_ingest_runner_files(benchmark::State& state)
{
  const auto rows = static_cast<std::size_t>(state.range(0));
  static const fs::path input = write_runner_dir(rows, k_runner_rows_per_file);
  ingest_file(state, input, rows);
}

void
BM_ingest_runner_objects(benchmark::State& state)
{
  const auto rows = static_cast<std::size_t>(state.range(0));
  static const fs::path input = write_runner_dir(rows, 1);
  ingest_file(state, input, rows);
}

BENCHMARK(BM_ingest_csv)
  ->ArgsProduct({{k_csv_points}, {0, 1}})
  ->ArgNames({"points", "read_ahead"})
  ->Iterations(1)
  ->UseRealTime()
  ->MeasureProcessCPUTime()
  ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ingest_snapshot)
  ->ArgsProduct({{k_snapshot_points}, {0, 1}})
  ->ArgNames({"points", "read_ahead"})
  ->Iterations(1)
  ->UseRealTime()
  ->MeasureProcessCPUTime()
  ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ingest_inferencex_rows)
  ->ArgsProduct({{k_inferencex_rows}, {0, 1}})
  ->ArgNames({"points", "read_ahead"})
  ->Iterations(1)
  ->UseRealTime()
  ->MeasureProcessCPUTime()
  ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ingest_runner_array)
  ->ArgsProduct({{k_runner_rows}, {0, 1}})
  ->ArgNames({"points", "read_ahead"})
  ->Iterations(1)
  ->UseRealTime()
  ->MeasureProcessCPUTime()
  ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ingest_runner_files)
  ->ArgsProduct({{k_runner_rows}, {0, 1}})
  ->ArgNames({"points", "read_ahead"})
  ->Iterations(1)
  ->UseRealTime()
  ->MeasureProcessCPUTime()
  ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ingest_runner_objects)
  ->ArgsProduct({{k_runner_object_files}, {0, 1}})
  ->ArgNames({"points", "read_ahead"})
  ->Iterations(1)
  ->UseRealTime()
  ->MeasureProcessCPUTime()
  ->Unit(benchmark::kMillisecond);

}  // namespace

int
main(int argc, char** argv)
{
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  fs::remove_all(bench_dir());
  return 0;
}
