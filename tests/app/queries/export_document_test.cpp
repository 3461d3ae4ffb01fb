#include "infertrack/app/queries/export_document.hpp"

#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/queries/history_json.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/tracker_database.hpp"
#include "infertrack/app/tracker_version.hpp"
#include "infertrack/formats/csv_comments.hpp"
#include "infertrack/formats/csv_rows.hpp"
#include "infertrack/formats/points_csv.hpp"
#include "infertrack/util/csv_field.hpp"
#include "support/temp_dir.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <regex>

namespace infertrack::app {
namespace {

using nlohmann::json;
using testing::EndsWith;
using testing::HasSubstr;
using testing::StartsWith;

constexpr const char* k_model = "DeepSeek-V4-Pro";

class ExportDocumentTest : public testing::Test
{
protected:
  test::TempDir dir;
  std::unique_ptr<store::Store> store = open_tracker(dir.file("tracker.db"));

  store::PointFilter model_filter() const
  {
    store::PointFilter filter;
    filter.model = k_model;
    return filter;
  }

  ExportDocument build(const ExportQuery& query, ExportFormat format)
  {
    auto document = build_export(*store, query, format);
    EXPECT_TRUE(document.has_value()) << (document ? "" : document.error().to_string());
    return document ? *std::move(document) : ExportDocument{};
  }

  // The JSON export parsed, after checking the facts every kind carries.
  json build_json(const ExportQuery& query)
  {
    const ExportDocument document = build(query, ExportFormat::json);
    const json parsed = json::parse(document.text);
    const json& provenance = parsed.at("provenance");
    EXPECT_EQ(provenance["kind"], to_string(kind_of(query)));
    EXPECT_EQ(provenance["tracker_version"], std::string(k_tracker_version));
    EXPECT_TRUE(std::regex_match(provenance["generated_at"].get<std::string>(),
                                 std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << provenance["generated_at"];
    EXPECT_TRUE(parsed.contains(to_string(kind_of(query))));
    return parsed;
  }
};

// The CSV rows under an export's provenance comments, header first.
std::vector<std::vector<std::string>>
csv_rows(std::string_view text)
{
  text.remove_prefix(formats::leading_csv_comments(text).bytes);
  formats::CsvRows rows(text);
  std::vector<std::string_view> cells;
  formats::CsvRows::Error error;
  std::vector<std::vector<std::string>> table;
  while (rows.next(cells, error) == formats::CsvRows::Status::row) {
    table.emplace_back(cells.begin(), cells.end());
  }
  return table;
}

std::size_t
column(const std::vector<std::string>& header, const std::string& name)
{
  const auto found = std::find(header.begin(), header.end(), name);
  EXPECT_NE(found, header.end()) << name;
  return static_cast<std::size_t>(found - header.begin());
}

TEST_F(ExportDocumentTest, interpolations_record_knots_brackets_and_costs_of_each_row)
{
  const InterpolationQuery query{model_filter(), 100, {}};
  const json exported = build_json(query);
  const std::vector<InterpolationRow> rows = interpolate(*store, query);
  ASSERT_FALSE(rows.empty());

  json expected = json::array();
  for (const InterpolationRow& row : rows) {
    expected.push_back(to_json(row));
  }
  EXPECT_EQ(exported["interpolations"], expected);

  const json& provenance = exported["provenance"];
  EXPECT_EQ(provenance["as_of"], "latest");
  EXPECT_EQ(provenance["query"]["model"], k_model);
  EXPECT_EQ(provenance["query"]["target_interactivity"], 100);
  ASSERT_EQ(provenance["runs"].size(), rows.size());
  ASSERT_EQ(provenance["brackets"].size(), rows.size());
  std::size_t costed = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& run = provenance["runs"][i];
    EXPECT_EQ(run["run_date"], rows[i].curve.group.date);
    ASSERT_EQ(run["knots"].size(), rows[i].curve.frontier.size());
    for (std::size_t k = 0; k < rows[i].curve.frontier.size(); ++k) {
      EXPECT_EQ(run["knots"][k]["result_id"], rows[i].curve.frontier[k].result_id);
      EXPECT_EQ(run["knots"][k]["tps_per_gpu"], rows[i].curve.frontier[k].throughput);
    }
    const json& bracket = provenance["brackets"][i];
    EXPECT_EQ(bracket["state"], domain::to_string(rows[i].value.state));
    EXPECT_EQ(bracket["lower_result_id"], expected[i]["value"]["lower_result_id"]);
    EXPECT_EQ(bracket["upper_result_id"], expected[i]["value"]["upper_result_id"]);
    costed += rows[i].cost ? 1 : 0;
  }
  ASSERT_GT(costed, 0u);
  for (const json& constants : provenance["constants"]) {
    EXPECT_FALSE(constants["effective_date"].get<std::string>().empty());
    EXPECT_EQ(constants["cost_overridden"], false);
  }
}

TEST_F(ExportDocumentTest, an_as_of_date_is_recorded_and_bounds_every_run)
{
  store::PointFilter filter = model_filter();
  filter.hardware = "mi355x";
  filter.as_of = "2026-05-01";
  const json exported = build_json(InterpolationQuery{filter, 5, {}});
  const json& provenance = exported["provenance"];
  EXPECT_EQ(provenance["as_of"], "2026-05-01");
  EXPECT_EQ(provenance["query"]["as_of"], "2026-05-01");
  ASSERT_FALSE(provenance["runs"].empty());
  for (const json& run : provenance["runs"]) {
    EXPECT_LE(run["run_date"].get<std::string>(), "2026-05-01");
  }
}

TEST_F(ExportDocumentTest, history_brackets_and_knots_are_those_of_each_run)
{
  HistoryQuery query;
  query.filter = model_filter();
  query.filter.hardware = "mi355x";
  query.options.target = 5;
  const json exported = build_json(query);
  const std::vector<HistoryRow> rows = history(*store, query).rows;
  const json expected = json::parse(history_rows_json(rows, 5));
  std::vector<const domain::HistoryPoint*> points;
  for (const HistoryRow& row : rows) {
    for (const domain::HistoryPoint& point : row.series.points) {
      points.push_back(&point);
    }
  }
  EXPECT_EQ(exported["history"], expected);
  const json& provenance = exported["provenance"];
  ASSERT_GT(points.size(), 1u);
  ASSERT_EQ(provenance["brackets"].size(), points.size());
  ASSERT_EQ(provenance["runs"].size(), points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const json& bracket = provenance["brackets"][i];
    EXPECT_EQ(bracket["run_date"], points[i]->date);
    EXPECT_EQ(bracket["lower_result_id"], to_json(points[i]->value)["lower_result_id"]);
    EXPECT_EQ(bracket["upper_result_id"], to_json(points[i]->value)["upper_result_id"]);
    // The run's whole frontier (the spline's slopes at the brackets use their neighbours), brackets among it.
    const json& knots = provenance["runs"][i]["knots"];
    ASSERT_EQ(knots.size(), points[i]->frontier_size);
    const auto has_knot = [&](const std::string& id) {
      return std::any_of(knots.begin(), knots.end(), [&](const json& knot) { return knot["result_id"] == id; });
    };
    for (std::size_t k = 1; k < knots.size(); ++k) {
      EXPECT_LT(knots[k - 1]["interactivity"].get<double>(), knots[k]["interactivity"].get<double>());
    }
    if (points[i]->lower) {
      EXPECT_TRUE(has_knot(points[i]->lower->result_id));
    }
    if (points[i]->upper) {
      EXPECT_TRUE(has_knot(points[i]->upper->result_id));
    }
  }
  EXPECT_EQ(provenance["query"]["launch_date"], query.options.launch_date);
}

// Series across precisions are another answer: the provenance says they were asked for.
TEST_F(ExportDocumentTest, history_across_precisions_is_recorded_in_the_query)
{
  HistoryQuery query;
  query.filter = model_filter();
  query.filter.hardware = "mi355x";
  query.options.target = 2;
  EXPECT_FALSE(build_json(query)["provenance"]["query"].contains("join_precisions"));
  query.join_precisions = true;
  const json exported = build_json(query);
  EXPECT_EQ(exported["provenance"]["query"]["join_precisions"], true);
  ASSERT_EQ(exported["history"].size(), 1u);
  EXPECT_EQ(exported["history"][0]["precision"], "fp4/fp8");
  const std::string csv = build(query, ExportFormat::csv).text;
  EXPECT_THAT(csv, HasSubstr("\n# query.join_precisions: true\n"));
  // Each run is named in the precision it was read in, not the joined label.
  EXPECT_THAT(csv, HasSubstr("\n# run: DeepSeek-V4-Pro mi355x sglang fp8 none agg 8192/1024 @ 2026-04-25: knots "));
  EXPECT_THAT(csv, HasSubstr("\n# run: DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 @ 2026-05-21: knots "));
  EXPECT_EQ(csv.find("# run: DeepSeek-V4-Pro mi355x sglang fp4/fp8"), std::string::npos);
}

TEST_F(ExportDocumentTest, plans_record_the_cost_and_power_entries_with_their_dates_and_overrides)
{
  PlanQuery query;
  query.filter = model_filter();
  query.filter.hardware = "gb200"; // the hardware with stored cost and power figures
  query.at = 20;
  query.demand = "40T";
  query.kw_per_gpu.every = 2.5;
  const json exported = build_json(query);
  auto answers = plan(*store, query);
  ASSERT_TRUE(answers.has_value());
  json expected = json::array();
  for (const PlanAnswer& answer : *answers) {
    expected.push_back(to_json(answer));
  }
  EXPECT_EQ(exported["plans"], expected);

  const json& provenance = exported["provenance"];
  EXPECT_EQ(provenance["query"]["demand"], "40T");
  EXPECT_EQ(provenance["query"]["kw_per_gpu"], 2.5);
  ASSERT_FALSE(provenance["constants"].empty());
  const std::vector<domain::HardwareCost> stored = store->hardware();
  for (const json& constants : provenance["constants"]) {
    EXPECT_EQ(constants["kw_per_gpu"], 2.5);
    EXPECT_EQ(constants["power_overridden"], true);
    EXPECT_EQ(constants["cost_overridden"], false);
    // The entry's own date and source, as stored.
    const auto entry = std::find_if(stored.begin(), stored.end(), [&](const domain::HardwareCost& cost) {
      return cost.hardware == constants["hardware"] && cost.effective_date == constants["effective_date"];
    });
    ASSERT_NE(entry, stored.end()) << constants.dump();
    EXPECT_EQ(constants["cost_per_gpu_hour"], entry->cost_per_gpu_hour);
    EXPECT_EQ(constants["source_url"], entry->source_url ? json(*entry->source_url) : json(nullptr));
  }
  // Each planned configuration's bracket is its interpolation's.
  for (const json& answer : expected) {
    if (answer["interpolation"].is_null()) {
      continue;
    }
    const auto bracket = std::find_if(provenance["brackets"].begin(), provenance["brackets"].end(), [&](const json& b) {
      return b["lower_result_id"] == answer["interpolation"]["lower_result_id"]
             && b["upper_result_id"] == answer["interpolation"]["upper_result_id"];
    });
    EXPECT_NE(bracket, provenance["brackets"].end()) << answer["configuration"];
  }
}

// Two downloads of one model with other filters, targets or points would otherwise overwrite each other.
TEST_F(ExportDocumentTest, a_file_name_holds_each_filter_and_target_in_a_safe_spelling)
{
  store::PointFilter filter = model_filter();
  filter.hardware = "mi355x";
  filter.precision = "fp8";
  filter.disaggregated = false;
  filter.as_of = "2026-05-01";
  EXPECT_EQ(build(InterpolationQuery{filter, 12.5, {}}, ExportFormat::json).file_name(),
            "infertrack-interpolations-DeepSeek-V4-Pro-mi355x-fp8-aggregated-at12.5-2026-05-01.json");
  filter.hardware = "b200";
  EXPECT_EQ(build(InterpolationQuery{filter, 12.5, {}}, ExportFormat::json).file_name(),
            "infertrack-interpolations-DeepSeek-V4-Pro-b200-fp8-aggregated-at12.5-2026-05-01.json");

  const std::vector<domain::BenchmarkPoint> points = store->latest_points(model_filter());
  ASSERT_FALSE(points.empty());
  PlanQuery plan;
  plan.point = points.front().result_id;
  plan.demand = "1B";
  const std::string name = build(plan, ExportFormat::csv).file_name();
  EXPECT_THAT(name, StartsWith("infertrack-plans-all-"));
  EXPECT_THAT(name, HasSubstr("-1B-"));
  EXPECT_THAT(name, EndsWith(".csv"));
  EXPECT_EQ(name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_"),
            std::string::npos)
    << name;

  filter = model_filter();
  filter.framework = "../" + std::string(300, 'x') + "\"\r\n";
  const std::string hostile = build(PointsQuery{filter, true}, ExportFormat::csv).file_name();
  EXPECT_LE(hostile.size(), 220u);
  EXPECT_THAT(hostile, StartsWith("infertrack-points-DeepSeek-V4-Pro-.._xxx"));
  EXPECT_EQ(hostile.find_first_of("/\\\"\r\n"), std::string::npos) << hostile;
}

TEST_F(ExportDocumentTest, a_plan_on_one_point_names_that_point_as_measured)
{
  const std::vector<domain::BenchmarkPoint> points = store->latest_points(model_filter());
  ASSERT_FALSE(points.empty());
  PlanQuery query;
  query.point = points.front().result_id;
  query.demand = "1B";
  const json provenance = build_json(query)["provenance"];
  ASSERT_EQ(provenance["brackets"].size(), 1u);
  EXPECT_EQ(provenance["brackets"][0]["state"], "measured");
  EXPECT_EQ(provenance["brackets"][0]["lower_result_id"], points.front().result_id);
  EXPECT_EQ(provenance["runs"][0]["run_date"], points.front().date);
}

TEST_F(ExportDocumentTest, a_refused_plan_fails_with_the_planners_diagnostic)
{
  PlanQuery query;
  query.filter = model_filter();
  query.at = 5;
  query.preset = "no-such-preset";
  const auto document = build_export(*store, query, ExportFormat::json);
  ASSERT_FALSE(document.has_value());
  EXPECT_EQ(document.error().field, "preset");
  EXPECT_THAT(document.error().message, HasSubstr("unknown preset 'no-such-preset'"));
}

TEST_F(ExportDocumentTest, frontiers_are_the_curves_of_the_frontier_query)
{
  const FrontierQuery query{model_filter(), {}};
  const json exported = build_json(query);
  const FrontierAnswer answer = frontiers(*store, query);
  EXPECT_EQ(exported["frontiers"], curves_json(answer));
  ASSERT_EQ(exported["provenance"]["runs"].size(), answer.curves.size());
  for (std::size_t i = 0; i < answer.curves.size(); ++i) {
    EXPECT_EQ(exported["provenance"]["runs"][i]["knots"], exported["frontiers"][i]["frontier"]);
  }

  // One CSV row per knot, in curve order.
  const ExportDocument csv = build(query, ExportFormat::csv);
  const auto table = csv_rows(csv.text);
  std::vector<std::string> ids;
  for (const domain::PerformanceCurve& curve : answer.curves) {
    for (const domain::FrontierKnot& knot : curve.frontier) {
      ids.push_back(knot.result_id);
    }
  }
  ASSERT_EQ(table.size(), ids.size() + 1);
  const std::size_t id_column = column(table[0], "result_id");
  for (std::size_t i = 0; i < ids.size(); ++i) {
    EXPECT_EQ(table[i + 1][id_column], ids[i]);
  }
}

TEST_F(ExportDocumentTest, csv_opens_with_one_comment_line_per_fact_then_the_rows)
{
  store::PointFilter filter = model_filter();
  filter.as_of = "2026-06-01";
  const InterpolationQuery query{filter, 100, {}};
  const ExportDocument document = build(query, ExportFormat::csv);
  EXPECT_EQ(document.content_type(), std::string("text/csv; charset=utf-8"));
  EXPECT_EQ(document.file_name(), "infertrack-interpolations-DeepSeek-V4-Pro-at100-2026-06-01.csv");
  EXPECT_THAT(document.text, StartsWith("# infertrack export: interpolations\n"));
  EXPECT_THAT(document.text, HasSubstr("\n# tracker_version: " + std::string(k_tracker_version) + "\n"));
  EXPECT_THAT(document.text, HasSubstr("\n# as_of: 2026-06-01\n"));
  EXPECT_THAT(document.text, HasSubstr("\n# query.model: DeepSeek-V4-Pro\n"));

  const std::vector<InterpolationRow> rows = interpolate(*store, query);
  const auto table = csv_rows(document.text);
  ASSERT_EQ(table.size(), rows.size() + 1);
  const std::size_t lower = column(table[0], "lower_result_id");
  const std::size_t state = column(table[0], "state");
  std::size_t bracket_lines = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(table[i + 1][lower], rows[i].value.lower_result_id.value_or(""));
    EXPECT_EQ(table[i + 1][state], domain::to_string(rows[i].value.state));
    if (rows[i].value.lower_result_id) {
      EXPECT_THAT(document.text, HasSubstr(*rows[i].value.lower_result_id));
    }
  }
  for (std::size_t pos = 0; (pos = document.text.find("\n# bracket: ", pos)) != std::string::npos; ++pos) {
    ++bracket_lines;
  }
  EXPECT_EQ(bracket_lines, rows.size());
}

// A link can carry any filter text into the provenance lines: no cell of them may run in a spreadsheet.
TEST_F(ExportDocumentTest, csv_comment_lines_never_hold_a_formula_cell)
{
  store::PointFilter filter = model_filter();
  filter.hardware = "a,=HYPERLINK(\"evil.example\";\"open\"),b, \"=1+2\"";
  const ExportDocument document = build(PointsQuery{filter}, ExportFormat::csv);
  const std::string_view comments(document.text.data(), formats::leading_csv_comments(document.text).bytes);
  EXPECT_THAT(std::string(comments), HasSubstr("# query.hardware: a,'=HYPERLINK(\"evil.example\";\"open\"),b,' \"=1+2\"\n"));
  std::size_t cells = 0;
  for (std::size_t start = 0, comma = 0; (comma = comments.find(',', start)) != std::string_view::npos; start = comma + 1) {
    std::string_view cell = comments.substr(comma + 1, comments.find_first_of(",\n", comma + 1) - comma - 1);
    cell.remove_prefix(std::min(cell.find_first_not_of(' '), cell.size()));
    EXPECT_FALSE(util::needs_formula_guard(cell) && !cell.starts_with('\'')) << cell;
    EXPECT_FALSE(cell.starts_with('"')) << cell;
    ++cells;
  }
  EXPECT_GE(cells, 3u);
}

TEST_F(ExportDocumentTest, a_points_csv_export_reads_back_as_the_same_points)
{
  const PointsQuery query{model_filter()};
  const ExportDocument document = build(query, ExportFormat::csv);
  EXPECT_THAT(document.text, StartsWith("# infertrack export: points\n"));
  const auto dataset = formats::read_points_csv(document.text);
  ASSERT_TRUE(dataset.has_value()) << dataset.error().to_string();
  const std::vector<domain::BenchmarkPoint> stored = store->points(query.filter);
  ASSERT_EQ(dataset->points.size(), stored.size());
  for (std::size_t i = 0; i < stored.size(); ++i) {
    EXPECT_EQ(dataset->points[i].result_id, stored[i].result_id);
    EXPECT_EQ(dataset->points[i].per_gpu_tps.total, stored[i].per_gpu_tps.total);
  }

  // A listing reads no frontier: its runs are named without knots, which would read as a frontier of none.
  EXPECT_THAT(document.text, HasSubstr("\n# run: DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 @ 2026-05-21\n"));
  EXPECT_EQ(document.text.find("knots"), std::string::npos);

  const json exported = build_json(query);
  ASSERT_EQ(exported["points"].size(), stored.size());
  for (std::size_t i = 0; i < stored.size(); ++i) {
    EXPECT_EQ(exported["points"][i], point_detail_json(stored[i], store->findings(stored[i].result_id))) << i;
  }
  // Beside each point, its findings: in the CSV above the header, where the reader skips them.
  ASSERT_FALSE(store->findings("444914").empty());
  EXPECT_THAT(document.text, HasSubstr("\n# finding: 444914 precision_label_conflict: Precision label fp4 is disputed"));
  EXPECT_LT(document.text.find("# finding: 444914"), document.text.find("\nresult_id,"));
  ASSERT_FALSE(exported["provenance"]["runs"].empty());
  EXPECT_TRUE(exported["provenance"]["runs"][0]["knots"].is_null());
}

// The points of every run come a page at a time: the parts make the document build_export gives whole, and a change
// to the stored data between two parts ends the export instead of mixing two states of the tracker.
TEST_F(ExportDocumentTest, every_runs_points_follow_a_page_at_a_time)
{
  domain::Dataset dataset;
  dataset.source = "paged.csv";
  const domain::BenchmarkPoint base = store->points(model_filter()).front();
  for (int i = 0; i < 2500; ++i) {
    domain::BenchmarkPoint point = base;
    point.model = "Paged-Model";
    point.result_id = "paged-" + std::to_string(i);
    point.concurrency = i + 1;
    point.date = i % 3 == 0 ? "2026-06-01" : "2026-06-02";
    dataset.points.push_back(std::move(point));
  }
  prepare_dataset(dataset);
  ASSERT_TRUE(store->ingest(dataset).has_value());
  store::PointFilter filter;
  filter.model = "Paged-Model";
  const std::vector<domain::BenchmarkPoint> stored = store->points(filter);
  ASSERT_EQ(stored.size(), 2500u);

  for (const ExportFormat format : {ExportFormat::json, ExportFormat::csv}) {
    auto begun = begin_export(*store, PointsQuery{filter}, format);
    ASSERT_TRUE(begun.has_value());
    ASSERT_TRUE(begun->more) << to_string(format);
    std::string text = begun->text;
    int parts = 0;
    for (bool more = true; more; ++parts) {
      std::string part;
      more = begun->more(part);
      text += part;
    }
    // 1,000 points a part; a CSV reads the pages twice, first for the findings' lines above its header.
    EXPECT_EQ(parts, format == ExportFormat::json ? 3 : 6);
    const ExportDocument whole = build(PointsQuery{filter}, format);
    EXPECT_FALSE(whole.more);
    const std::regex generated(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)");
    EXPECT_EQ(std::regex_replace(text, generated, "T"), std::regex_replace(whole.text, generated, "T"));
    if (format == ExportFormat::json) {
      const json exported = json::parse(text);
      ASSERT_EQ(exported["points"].size(), stored.size());
      EXPECT_EQ(exported["points"][2499]["result_id"], stored[2499].result_id);
      EXPECT_EQ(exported["provenance"]["runs"].size(), 2u);
    } else {
      const auto read = formats::read_points_csv(text);
      ASSERT_TRUE(read.has_value()) << read.error().to_string();
      EXPECT_EQ(read->points.size(), stored.size());
    }
  }

  auto begun = begin_export(*store, PointsQuery{filter}, ExportFormat::json);
  ASSERT_TRUE(begun.has_value());
  std::string part;
  EXPECT_TRUE(begun->more(part));
  domain::Dataset late;
  late.source = "late.csv";
  late.points.push_back(stored.front());
  late.points.back().result_id = "paged-late";
  late.points.back().concurrency = 9999;
  prepare_dataset(late);
  ASSERT_TRUE(store->ingest(late).has_value());
  EXPECT_THROW(begun->more(part), ExportDataChanged);

  // The latest runs are what a chart draws: whole at once.
  const auto latest = begin_export(*store, PointsQuery{filter, true}, ExportFormat::json);
  ASSERT_TRUE(latest.has_value());
  EXPECT_FALSE(latest->more);
}

TEST(ExportKindTest, route_names_and_kind_names_both_parse)
{
  EXPECT_EQ(parse_export_kind("frontier"), ExportKind::frontiers);
  EXPECT_EQ(parse_export_kind("interpolate"), ExportKind::interpolations);
  EXPECT_EQ(parse_export_kind("plans"), ExportKind::plans);
  EXPECT_EQ(parse_export_kind("Points"), std::nullopt);
  EXPECT_EQ(parse_export_format("csv"), ExportFormat::csv);
  EXPECT_EQ(parse_export_format("xml"), std::nullopt);
}

}  // namespace
}  // namespace infertrack::app
