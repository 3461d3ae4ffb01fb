// End-to-end ingest: a file on disk -> format detection and parsing -> completion and data-quality checks ->
// one SQLite transaction. This is what `infertrack ingest FILE` does, minus process start-up.
#include "synthetic_points.hpp"

#include "infertrack/app/ingest.hpp"
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
// About 100 MB of snapshot JSON: each synthetic snapshot point is roughly 1.7 KB.
constexpr std::size_t k_snapshot_points = 60'000;
// One InferenceX API answer of a million rows, one JSON array (about 1.4 GB: the API's rows are 1.2-1.8 KB).
constexpr std::size_t k_inferencex_rows = 1'000'000;

fs::path
bench_dir()
{
  const fs::path dir = fs::temp_directory_path() / ("infertrack-ingest-bench-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

fs::path
write_file(const std::string& name, const std::string& content)
{
  const fs::path path = bench_dir() / name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
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

void
ingest_file(benchmark::State& state, const fs::path& input, std::size_t points)
{
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
    auto datasets = infertrack::app::read_files(files);
    if (!datasets) {
      state.SkipWithError(datasets.error().to_string().c_str());
      return;
    }
    const double cpu_read = process_cpu_seconds();
    {
      auto store = infertrack::store::sqlite::open_store(db);
      auto summary = store->ingest_all(*datasets);
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
  state.counters["read_cpu_s"] = read_cpu_seconds / iterations;
  state.counters["store_cpu_s"] = store_cpu_seconds / iterations;
  state.counters["points/s"] =
    benchmark::Counter(static_cast<double>(points) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["file_MB"] = static_cast<double>(fs::file_size(input)) / 1e6;
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

BENCHMARK(BM_ingest_csv)
  ->Arg(k_csv_points)
  ->Iterations(1)
  ->UseRealTime()
  ->MeasureProcessCPUTime()
  ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ingest_snapshot)
  ->Arg(k_snapshot_points)
  ->Iterations(1)
  ->UseRealTime()
  ->MeasureProcessCPUTime()
  ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ingest_inferencex_rows)
  ->Arg(k_inferencex_rows)
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
