#include "infertrack/formats/points_csv.hpp"

#include "formats/test_files.hpp"
#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/snapshot_reader.hpp"

#include <gtest/gtest.h>

namespace infertrack::formats {
namespace {

using domain::BenchmarkPoint;

constexpr std::string_view k_header =
  "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,tput_per_gpu,interactivity,"
  "interactivity_basis";

TEST(read_points_csv, reads_the_shipped_mi355x_points)
{
  const auto read = read_points_csv(test::read_source_file("data/mi355x-dsv4-pro-published.csv"));
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->points.size(), 35U);
  const BenchmarkPoint& first = read->points.front();
  EXPECT_EQ(first.model, "DeepSeek-V4-Pro");
  EXPECT_EQ(first.hardware, "mi355x");
  EXPECT_EQ(first.framework, "sglang");
  EXPECT_EQ(first.precision, "fp8");
  EXPECT_EQ(first.spec_method, "none");
  EXPECT_FALSE(first.disaggregated);
  EXPECT_EQ(first.date, "2026-04-25");
  EXPECT_EQ(first.isl, 8192);
  EXPECT_EQ(first.osl, 1024);
  EXPECT_EQ(first.workload, "8192/1024");
  EXPECT_EQ(first.concurrency, 8);
  EXPECT_EQ(first.total_allocated_gpus, 8);
  EXPECT_EQ(first.prefill_gpus, std::nullopt);
  EXPECT_EQ(first.tp, 8);
  EXPECT_EQ(first.ep, std::nullopt);
  EXPECT_EQ(first.per_gpu_tps.total, 20.4);
  EXPECT_EQ(first.per_gpu_tps.input, std::nullopt);
  EXPECT_EQ(first.per_gpu_basis, domain::PerGpuBasis::all_allocated);
  EXPECT_EQ(first.interactivity_median, 2.43);
  EXPECT_EQ(first.interactivity_p90, std::nullopt);
  EXPECT_EQ(first.source_url, "https://inferencex.semianalysis.com/blog/mi355x-deepseek-v4-pro-sglang-110x-in-26-days");
  ASSERT_EQ(first.notes.size(), 1U);
  EXPECT_EQ(first.notes[0], (domain::PointNote{"notes", "2026-04-25 (FP8, baseline first-light):"}));
  EXPECT_EQ(first.result_id, derived_result_id(first));
  EXPECT_TRUE(first.result_id.starts_with("csv-"));
  EXPECT_EQ(first.result_id.size(), 20U);

  const BenchmarkPoint& headline = read->points[33];
  EXPECT_EQ(headline.concurrency, 256);
  EXPECT_EQ(headline.per_gpu_tps.total, 2256.1);
  EXPECT_TRUE(
    headline.notes.at(0).text.ends_with("'2,256 tok/s/GPU at 9.4 tok/s/user on conc 256 with DP attention'."));
}

TEST(read_points_csv, skips_leading_comment_lines_and_counts_them_in_line_numbers)
{
  const std::string row = "DeepSeek-V4-Pro,mi355x,sglang,fp8,2026-04-25,8,8,20.4,2.43,median_tpot\n";
  const std::string comments = "# infertrack export: points\n# as_of: latest\n";
  const auto read = read_points_csv(comments + std::string(k_header) + "\n" + row);
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->points.size(), 1U);
  EXPECT_EQ(read->points[0].per_gpu_tps.total, 20.4);

  // A bad cell three lines below the comments is on line 4 of the file.
  const auto bad = read_points_csv(comments + std::string(k_header) + "\n" +
                                   "DeepSeek-V4-Pro,mi355x,sglang,fp8,2026-04-25,eight,8,20.4,2.43,median_tpot\n");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().record, "4");
  EXPECT_EQ(bad.error().field, "concurrency");

  // Only lines before the header are comments: a '#' row after it is a row like any other.
  const auto late = read_points_csv(std::string(k_header) + "\n# not a comment\n");
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().record, "2");
}

TEST(derived_result_id, depends_on_identity_columns_only)
{
  BenchmarkPoint point;
  point.model = "DeepSeek-V4-Pro";
  point.hardware = "mi355x";
  point.date = "2026-05-21";
  point.concurrency = 4;
  const std::string id = derived_result_id(point);
  point.per_gpu_tps.total = 99;
  point.notes.push_back({"notes", "changed"});
  EXPECT_EQ(derived_result_id(point), id);
  point.concurrency = 8;
  EXPECT_NE(derived_result_id(point), id);
  // Moving text between neighbouring fields changes the id: the separator cannot occur in a field.
  BenchmarkPoint a = point;
  BenchmarkPoint b = point;
  a.model = "ab";
  a.hardware = "c";
  b.model = "a";
  b.hardware = "bc";
  EXPECT_NE(derived_result_id(a), derived_result_id(b));
}

TEST(read_points_csv, accepts_columns_in_any_order_with_crlf_bom_and_quotes)
{
  const std::string text = "\xEF\xBB\xBF"
                           "interactivity_basis,notes,interactivity,model,hardware,framework,precision,date,"
                           "concurrency,total_allocated_gpus,tput_per_gpu\r\n"
                           "p90_itl,\"a, b and \"\"c\"\"\r\nsecond line\",12.5,dsv4,B200,trtllm,nvfp4,2026-05-01,"
                           "16,8,1000\r\n";
  const auto read = read_points_csv(text);
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->points.size(), 1U);
  const BenchmarkPoint& p = read->points[0];
  EXPECT_EQ(p.notes.at(0).text, "a, b and \"c\"\r\nsecond line");
  EXPECT_EQ(p.model, "DeepSeek-V4-Pro");
  EXPECT_EQ(p.hardware, "b200");
  EXPECT_EQ(p.framework, "trt");
  EXPECT_EQ(p.precision, "fp4");
  EXPECT_EQ(p.interactivity_p90, 12.5);
  EXPECT_EQ(p.workload, "agentic");
}

TEST(read_points_csv, counts_lines_inside_quoted_cells)
{
  std::string text = std::string(k_header) + ",notes\n";
  text += "m,h,f,p,2026-05-01,1,8,10,5,median_tpot,\"two\nlines\"\n";
  text += "m,h,f,p,2026-05-01,2,8,10,5,median_tpot,x\n";
  text += "m,h,f,p,2026-05-01,0,8,10,5,median_tpot,x\n";
  const auto read = read_points_csv(text);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().to_string(), "5:concurrency: must be positive (got \"0\", expected an integer > 0)");
}

TEST(read_points_csv, reserves_no_more_rows_than_the_bytes_can_hold)
{
  // Blank lines are skipped: a million of them must not reserve a million (large) points.
  const std::string text = std::string(k_header) + std::string(1'000'000, '\n');
  const auto read = read_points_csv(text);
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_TRUE(read->points.empty());
  EXPECT_LE(read->points.capacity(), text.size() / 20);
}

TEST(read_points_csv, names_unspecified_workloads)
{
  const auto read = read_points_csv(std::string(k_header) + "\nm,h,f,p,2026-05-01,1,8,10,5,median_tpot\n");
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points.at(0).workload, "unspecified");
}

TEST(read_points_csv, takes_the_workload_cell_where_the_basis_would_guess)
{
  const auto read = read_points_csv(std::string(k_header) + ",workload\nm,h,f,p,2026-05-01,1,8,10,5,median_tpot,agentic\n"
                                    + "m,h,f,p,2026-05-01,2,8,10,5,p90_itl,unspecified\nm,h,f,p,2026-05-01,3,8,10,5,p90_itl,\n");
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points.at(0).workload, "agentic");
  EXPECT_EQ(read->points.at(1).workload, "unspecified");
  EXPECT_EQ(read->points.at(2).workload, "agentic") << "an empty cell leaves it to the basis";
}

// An agentic point known only at its median TPOT comes back agentic: without the workload column it was read back as
// "unspecified", another configuration.
TEST(write_points_csv, keeps_the_workload_of_a_median_only_agentic_point)
{
  auto seed = read_snapshot(test::read_source_file("data/deepseek-v4-gb200-snapshot.json"));
  ASSERT_TRUE(seed);
  BenchmarkPoint point = seed->points[0];
  ASSERT_EQ(point.workload, "agentic");
  point.interactivity_p90.reset();
  const auto read = read_points_csv(write_points_csv(std::span(&point, 1)));
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points.at(0).workload, "agentic");
  EXPECT_EQ(read->points.at(0).interactivity_median, point.interactivity_median);
}

TEST(write_points_csv, round_trips_the_shipped_points)
{
  const auto read = read_points_csv(test::read_source_file("data/mi355x-dsv4-pro-published.csv"));
  ASSERT_TRUE(read);
  const std::string written = write_points_csv(read->points);
  const auto again = read_points_csv(written);
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(again->points, read->points);
  EXPECT_EQ(write_points_csv(again->points), written);
}

TEST(write_points_csv, round_trips_awkward_text_and_every_column)
{
  BenchmarkPoint p;
  p.result_id = "id,with \"quotes\"";
  p.model = "DeepSeek-V4-Pro";
  p.hardware = "gb200";
  p.framework = "dynamo-vllm";
  p.precision = "fp4";
  p.spec_method = "mtp";
  p.workload = "1024/8192";
  p.disaggregated = true;
  p.isl = 1024;
  p.osl = 8192;
  p.concurrency = 7;
  p.total_allocated_gpus = 12;
  p.prefill_gpus = 4;
  p.decode_gpus = 8;
  p.tp = 2;
  p.ep = 16;
  p.per_gpu_tps = {0.1, 1e-7, 123456789.123};
  p.interactivity_p90 = 1.0 / 3.0;
  p.date = "2026-02-28";
  p.source_url = "https://example.com/a,b";
  p.run_url = "https://github.com/example/runs/1?x=\"y\"";
  p.image = "=cmd|' /C calc'!A0";
  p.notes.push_back({"notes", " leading blank, \"quoted\"\nand a line break "});
  // What reading gives back: the point completed with its absolute throughputs.
  domain::complete_point(p);
  const std::vector<BenchmarkPoint> points = {p};
  const auto read = read_points_csv(write_points_csv(points));
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->points.size(), 1U);
  EXPECT_EQ(read->points[0], p);
}

TEST(write_points_csv, guards_formula_text_and_reads_it_back_exactly)
{
  BenchmarkPoint p;
  p.result_id = "@SUM(1)";
  p.model = "DeepSeek-V4-Pro";
  p.hardware = "gb200";
  p.framework = "=1+2";
  p.precision = "'=already guarded";
  p.spec_method = "-2+3";
  p.workload = "1024/8192";
  p.isl = 1024;
  p.osl = 8192;
  p.concurrency = 4;
  p.total_allocated_gpus = 8;
  p.per_gpu_tps = {-0.0, 0.0, 100.0};
  p.interactivity_median = 25;
  p.date = "2026-05-01";
  p.notes.push_back({"notes", "=cmd|' /C calc'!A0"});
  domain::complete_point(p);
  const std::string csv = write_points_csv(std::vector<BenchmarkPoint>{p});
  // No cell a spreadsheet would run: each such text starts with "'".
  EXPECT_NE(csv.find("\n'@SUM(1),"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",'=1+2,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",''=already guarded,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",'-2+3,"), std::string::npos) << csv;
  EXPECT_EQ(csv.find(",=cmd"), std::string::npos) << csv;
  const auto read = read_points_csv(csv);
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->points.size(), 1U);
  EXPECT_EQ(read->points[0], p);
}

TEST(write_points_csv, round_trips_names_whose_alias_leaves_a_blank)
{
  // Fuzz finding: "mi3: 16" is read as the GPU after the colon; its blank must not survive into the point.
  const auto read = read_points_csv(std::string(k_header) + "\nm,mi3: 16,f,p,2026-05-01,1,8,10,5,median_tpot\n"
                                    + "m,\"mi3:  17\",f,p,2026-05-01,1,8,10,5,median_tpot\n");
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points.at(0).hardware, "16");
  EXPECT_EQ(read->points.at(1).hardware, "17");
  // A line break inside a name is no blank: that name is refused (it once read as "17" too).
  const auto broken = read_points_csv(std::string(k_header) + "\nm,\"mi3:\n17\",f,p,2026-05-01,1,8,10,5,median_tpot\n");
  ASSERT_FALSE(broken);
  EXPECT_EQ(broken.error().to_string(), "2:hardware: holds a control character (got \"mi3:\\n17\", expected printable text)");
  const auto again = read_points_csv(write_points_csv(read->points));
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(again->points, read->points);
}

TEST(write_points_csv, writes_snapshot_points_on_the_csv_basis)
{
  const auto seed = read_snapshot(test::read_source_file("data/deepseek-v4-gb200-snapshot.json"));
  ASSERT_TRUE(seed);
  const auto read = read_points_csv(write_points_csv(seed->points));
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->points.size(), 5U);
  const BenchmarkPoint& p = read->points[0];
  EXPECT_EQ(p.result_id, "444914");
  EXPECT_EQ(p.workload, "agentic");
  EXPECT_EQ(p.interactivity_p90, seed->points[0].interactivity_p90);
  EXPECT_EQ(p.per_gpu_tps, seed->points[0].per_gpu_tps);
  // Each note comes back with its kind: the data-quality checks read some of them (a precision_note).
  EXPECT_EQ(p.notes, seed->points[0].notes);
  for (std::size_t i = 0; i < seed->points.size(); ++i) {
    EXPECT_EQ(read->points[i].notes, seed->points[i].notes) << seed->points[i].result_id;
  }
}

TEST(read_points_csv, splits_notes_only_when_every_part_names_a_kind)
{
  const auto notes_of = [](std::string cell) {
    const auto read = read_points_csv(std::string(k_header) + ",notes\nm,h,f,p,2026-05-01,1,8,10,5,p90_itl,\"" + cell + "\"\n");
    EXPECT_TRUE(read) << read.error().to_string();
    return read ? read->points.at(0).notes : std::vector<domain::PointNote>{};
  };
  using Notes = std::vector<domain::PointNote>;
  EXPECT_EQ(notes_of("precision_note: fp4 | notes: a caveat"),
            (Notes{{"precision_note", "fp4"}, {"notes", "a caveat"}}));
  EXPECT_EQ(notes_of("role_note: P/D: 8 + 8"), (Notes{{"role_note", "P/D: 8 + 8"}}));
  // Free text stays one note, verbatim, even when a part looks like a kind.
  for (const std::string text : {"A | B", "precision_note: fp4 | and more", "Note: see | below", "x_notes: y",
                                 "Precision_note: fp4", "precision_note:fp4"}) {
    EXPECT_EQ(notes_of(text), (Notes{{"notes", text}})) << text;
  }
}

// A lone note whose text looks like the joined form is written with its kind named, so it reads back as itself.
TEST(write_points_csv, round_trips_a_lone_note_shaped_like_notes_of_other_kinds)
{
  auto seed = read_snapshot(test::read_source_file("data/deepseek-v4-gb200-snapshot.json"));
  ASSERT_TRUE(seed);
  BenchmarkPoint point = seed->points[0];
  for (const std::string text : {"precision_note: the log says fp8", "gpu_count_note: 8 | and more", "plain"}) {
    point.notes = {{"notes", text}};
    const auto read = read_points_csv(write_points_csv(std::span(&point, 1)));
    ASSERT_TRUE(read) << read.error().to_string();
    EXPECT_EQ(read->points.at(0).notes, point.notes) << text;
  }
}

TEST(write_points_csv, writes_each_point_at_its_workloads_default_statistic)
{
  // The seed points carry both statistics. As agentic points they are written at P90 ITL; relabelled fixed-length,
  // at the median TPOT, which their runs are read at, so that an export read back draws the same curves.
  auto seed = read_snapshot(test::read_source_file("data/deepseek-v4-gb200-snapshot.json"));
  ASSERT_TRUE(seed);
  const BenchmarkPoint original = seed->points[0];
  ASSERT_TRUE(original.interactivity_p90 && original.interactivity_median);
  auto read = read_points_csv(write_points_csv(seed->points));
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points[0].interactivity_p90, original.interactivity_p90);
  EXPECT_FALSE(read->points[0].interactivity_median);

  for (BenchmarkPoint& point : seed->points) {
    point.workload = "8192/1024";
    point.isl = 8192;
    point.osl = 1024;
  }
  read = read_points_csv(write_points_csv(seed->points));
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points[0].interactivity_median, original.interactivity_median);
  EXPECT_FALSE(read->points[0].interactivity_p90);
}

TEST(write_points_csv, writes_role_local_input_and_output_per_allocated_gpu)
{
  // A captured InferenceX row: 8 prefill + 8 decode GPUs, input per prefill GPU and output per decode GPU.
  BenchmarkPoint point;
  point.result_id = "ix-b562ab8357b2acca";
  point.model = "DeepSeek-R1-0528";
  point.hardware = "mi355x";
  point.framework = "mori-sglang";
  point.precision = "fp4";
  point.spec_method = "mtp";
  point.disaggregated = true;
  point.date = "2026-05-27";
  point.isl = 1024;
  point.osl = 1024;
  point.workload = "1024/1024";
  point.concurrency = 1;
  point.prefill_gpus = 8;
  point.decode_gpus = 8;
  point.total_allocated_gpus = 16;
  point.per_gpu_basis = domain::PerGpuBasis::role_local;
  point.per_gpu_tps = {28.988028942221792, 29.19397733890388, 29.091003140562837};
  point.interactivity_median = 244.1726940365324;
  const auto read = read_points_csv(write_points_csv(std::vector<BenchmarkPoint>{point}));
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->points.size(), 1U);
  const BenchmarkPoint& back = read->points[0];
  EXPECT_EQ(back.per_gpu_basis, domain::PerGpuBasis::all_allocated);
  EXPECT_DOUBLE_EQ(*back.per_gpu_tps.input, 28.988028942221792 / 2);
  EXPECT_DOUBLE_EQ(*back.per_gpu_tps.output, 29.19397733890388 / 2);
  EXPECT_EQ(back.per_gpu_tps.total, point.per_gpu_tps.total);
}

}  // namespace
}  // namespace infertrack::formats
