#include "infertrack/formats/points_csv.hpp"

#include "infertrack/domain/per_gpu_throughput.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/domain/point_field_members.hpp"
#include "infertrack/formats/points_csv_columns.hpp"
#include "infertrack/formats/points_csv_notes.hpp"
#include "infertrack/util/csv_field.hpp"

#include <array>
#include <charconv>
#include <cstdint>
#include <type_traits>

namespace infertrack::formats {

namespace {

using domain::BenchmarkPoint;

constexpr std::uint64_t k_fnv_offset = 14695981039346656037ULL;
constexpr std::uint64_t k_fnv_prime = 1099511628211ULL;
// 0xFF never occurs in UTF-8 text, and every reader refuses text that is not UTF-8.
constexpr unsigned char k_identity_separator = 0xFF;
constexpr std::size_t k_bytes_per_row_estimate = 192;

using Digits = std::array<char, 32>;

// Shortest text that reads back as the same integer or double, so that write then read gives equal points; it lives
// in `digits`.
template<typename Number>
std::string_view
shortest_text(Number number, Digits& digits)
{
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), number).ptr;
  return std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data()));
}

// The shortest text of `number`; nothing for an unknown value.
template<typename Number>
void
put_number(std::string& out, const std::optional<Number>& number)
{
  Digits digits;
  if (number) {
    out += shortest_text(*number, digits);
  }
}

// The cell of a field written as the point holds it.
void
put_field(std::string& out, domain::PointField field, const BenchmarkPoint& point)
{
  domain::visit_point_member(field, point, [&](const auto& member) {
    using Member = std::remove_cvref_t<decltype(member)>;
    if constexpr (std::is_same_v<Member, std::string>) {
      util::append_csv_field(out, member);
    } else if constexpr (std::is_same_v<Member, std::optional<std::string>>) {
      if (member) {
        util::append_csv_field(out, *member);
      }
    } else if constexpr (std::is_same_v<Member, bool>) {
      out += member ? "true" : "false";
    } else if constexpr (std::is_same_v<Member, domain::PerGpuBasis>) {
      out += domain::to_string(member);
    } else if constexpr (std::is_arithmetic_v<Member>) {
      put_number(out, std::optional<Member>(member));
    } else {
      put_number(out, member);
    }
  });
}

void
put_row(std::string& out, const BenchmarkPoint& point)
{
  // One column holds one statistic: the one the point's runs are read at by default.
  const std::optional<domain::PointInteractivity> interactivity = domain::default_interactivity(point);
  for (std::size_t i = 0; i < k_csv_column_count; ++i) {
    out += i == 0 ? "" : ",";
    const auto column = static_cast<CsvColumn>(i);
    switch (column) {
      // The CSV's basis is all allocated GPUs: role-local input and output are scaled to it.
      case CsvColumn::input_tput_per_gpu:
        put_number(out, domain::per_allocated_gpu(point, domain::ThroughputMetric::input));
        break;
      case CsvColumn::output_tput_per_gpu:
        put_number(out, domain::per_allocated_gpu(point, domain::ThroughputMetric::output));
        break;
      case CsvColumn::interactivity:
        put_number(out, interactivity ? std::optional<double>(interactivity->value) : std::nullopt);
        break;
      case CsvColumn::interactivity_basis:
        out += domain::to_string(interactivity ? interactivity->basis : domain::InteractivityBasis::p90_itl);
        break;
      case CsvColumn::workload:
        put_field(out, domain::PointField::workload, point);
        break;
      case CsvColumn::notes:
        if (!point.notes.empty()) {
          util::append_csv_field(out, notes_cell(point.notes));
        }
        break;
      default:
        put_field(out, *point_field_of(column), point);
        break;
    }
  }
  out += '\n';
}

class Fnv1a
{
public:
  void add(std::string_view text)
  {
    for (char c : text) {
      mix(static_cast<unsigned char>(c));
    }
    mix(k_identity_separator);
  }

  // The number's decimal text; an unknown one as empty text.
  void add(const std::optional<std::int64_t>& number)
  {
    Digits digits;
    add(number ? shortest_text(*number, digits) : std::string_view());
  }

  std::uint64_t value() const { return m_hash; }

private:
  void mix(unsigned char byte)
  {
    m_hash ^= byte;
    m_hash *= k_fnv_prime;
  }

  std::uint64_t m_hash = k_fnv_offset;
};

}  // namespace

std::string
write_points_csv(std::span<const BenchmarkPoint> points)
{
  std::string out;
  out.reserve((points.size() + 1) * k_bytes_per_row_estimate);
  append_points_csv_header(out);
  append_points_csv_rows(out, points);
  return out;
}

void
append_points_csv_header(std::string& out)
{
  for (std::size_t i = 0; i < k_csv_column_count; ++i) {
    out += i == 0 ? "" : ",";
    out += k_csv_column_names[i];
  }
  out += '\n';
}

void
append_points_csv_rows(std::string& out, std::span<const BenchmarkPoint> points)
{
  for (const auto& point : points) {
    put_row(out, point);
  }
}

std::string
derived_result_id(const BenchmarkPoint& point)
{
  Fnv1a hash;
  hash.add(point.model);
  hash.add(point.hardware);
  hash.add(point.framework);
  hash.add(point.precision);
  hash.add(point.spec_method);
  hash.add(std::string_view(point.disaggregated ? "true" : "false"));
  hash.add(point.workload);
  hash.add(point.date);
  hash.add(point.concurrency);
  hash.add(point.total_allocated_gpus);
  hash.add(point.prefill_gpus);
  hash.add(point.decode_gpus);
  hash.add(point.tp);
  hash.add(point.ep);
  constexpr std::string_view k_hex = "0123456789abcdef";
  std::string id = "csv-0000000000000000";
  std::uint64_t value = hash.value();
  for (std::size_t i = id.size(); i > id.size() - 16; --i) {
    id[i - 1] = k_hex[value & 0xf];
    value >>= 4;
  }
  return id;
}

}  // namespace infertrack::formats
