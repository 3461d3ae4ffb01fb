#include "infertrack/util/csv_field.hpp"
#include "infertrack/util/text_table.hpp"

#include <gtest/gtest.h>

namespace infertrack::util {
namespace {

TEST(group_thousands, separates_thousands_and_rounds)
{
  EXPECT_EQ(group_thousands(156095.303, 1), "156,095.3");
  EXPECT_EQ(group_thousands(999.5), "1,000");
  EXPECT_EQ(group_thousands(12), "12");
  EXPECT_EQ(group_thousands(-1234567.0), "-1,234,567");
  EXPECT_EQ(group_thousands(-0.0001, 2), "0.00");
  // Half away from zero on the decimal the double prints as, as the page rounds: the CLI and the page agree.
  EXPECT_EQ(group_thousands(198.5), "199");
  EXPECT_EQ(group_thousands(21.65, 1), "21.7");
  EXPECT_EQ(group_thousands(-2.5), "-3");
}

TEST(TextTable, aligns_text_left_and_numbers_right)
{
  TextTable table({{"name"}, {"value", TextTable::Align::right}});
  table.add_row({"pro", "1"});
  table.add_row({"flash", "1,000"});
  EXPECT_EQ(table.render(), "name   value\n-----  -----\npro        1\nflash  1,000\n");
}

TEST(TextTable, counts_characters_not_bytes)
{
  TextTable table({{"name"}, {"email"}});
  table.add_row({"Zo\u00eb \u00c5ngstr\u00f6m", "z@example.org"});
  table.add_row({"Ada Lovelace", "ada@example.org"});
  EXPECT_EQ(table.render(), "name          email\n------------  ---------------\n"
                            "Zo\u00eb \u00c5ngstr\u00f6m  z@example.org\nAda Lovelace  ada@example.org\n");
}

// Cells hold text read from inputs: a terminal gets no escape sequence or line break from them.
TEST(TextTable, shows_control_characters_as_escapes)
{
  TextTable table({{"image"}});
  table.add_row({"img\x1b[2J\nforged line"});
  EXPECT_EQ(table.render(), "image\n-----------------------------\nimg\\u001b[2J\\u000aforged line\n");
}

TEST(csv_field, quotes_only_when_needed)
{
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
}

TEST(csv_field, guards_text_a_spreadsheet_would_run_as_a_formula)
{
  EXPECT_EQ(csv_field("=1+2"), "'=1+2");
  EXPECT_EQ(csv_field("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csv_field("-2+3"), "'-2+3");
  EXPECT_EQ(csv_field("+A1"), "'+A1");
  EXPECT_EQ(csv_field("\tx"), "'\tx");
  EXPECT_EQ(csv_field("=a,b"), "\"'=a,b\"");
  EXPECT_EQ(csv_field("'=guarded"), "''=guarded");
  // Text no spreadsheet runs is left alone: a lone sign, a quote before plain text, a sign inside.
  EXPECT_EQ(csv_field("-"), "-");
  EXPECT_EQ(csv_field("'quoted"), "'quoted");
  EXPECT_EQ(csv_field("a=b"), "a=b");
}

TEST(csv_field, a_guarded_cell_reads_back_as_written)
{
  for (const std::string_view text : {"=1+2", "@x", "-2+3", "'=x", "''@y", "'plain", "-", "plain", "'", "'-"}) {
    std::string field;
    append_csv_field(field, text);
    const std::string_view cell = field.starts_with('"') ? std::string_view(field).substr(1, field.size() - 2) : field;
    EXPECT_EQ(without_formula_guard(cell), text) << field;
  }
}

// A comment line is free text: each cell a spreadsheet would split off at a comma is made text, never quoted.
TEST(guarded_comment_line, makes_every_cell_after_a_comma_text)
{
  EXPECT_EQ(guarded_comment_line("# query.hardware: a,=HYPERLINK(\"x\";\"y\"),b"),
            "# query.hardware: a,'=HYPERLINK(\"x\";\"y\"),b");
  EXPECT_EQ(guarded_comment_line("# run: x,  +1, -, @a,\"=1\",'=2"), "# run: x,'  +1, -,' @a,'\"=1\",''=2");
  EXPECT_EQ(guarded_comment_line("# constants: gb200: $1.86/GPU-hour, 1.87 kW/GPU, -1 x"),
            "# constants: gb200: $1.86/GPU-hour, 1.87 kW/GPU,' -1 x");
  EXPECT_EQ(guarded_comment_line("# trailing,"), "# trailing,");
  EXPECT_EQ(guarded_comment_line("# a,,=b"), "# a,,'=b");
}

// Costs of a fraction of a cent keep three significant digits; larger figures two decimals.
TEST(small_figure, keeps_three_significant_digits_below_one)
{
  EXPECT_EQ(small_figure(0.001428), "0.00143");
  EXPECT_EQ(small_figure(0.0165), "0.0165");
  EXPECT_EQ(small_figure(0.5), "0.500");
  EXPECT_EQ(small_figure(1234.5), "1,234.50");
  EXPECT_EQ(small_figure(0), "0.00");
  EXPECT_EQ(small_figure(1e-15), "0.000000000000");
}

}  // namespace
}  // namespace infertrack::util
