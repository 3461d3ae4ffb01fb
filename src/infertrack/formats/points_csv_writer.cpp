#include "infertrack/formats/points_csv.hpp"

#include "infertrack/domain/per_gpu_throughput.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/formats/points_csv_columns.hpp"
#include "infertrack/formats/points_csv_notes.hpp"
#include "infertrack/util/csv_field.hpp"

#include <array>
#include <charconv>
#include <cstdint>

namespace infertrack::formats {

namespace {

using domain::BenchmarkPoint;

constexpr std::uint64_t k_fnv_offset = 14695981039346656037ULL;
constexpr std::uint64_t k_fnv_prime = 1099511628211ULL;
// 0xFF never occurs in UTF-8 text, and every reader refuses text that is not UTF-8.
constexpr unsigned char k_identity_separator = 0xFF;
constexpr std::size_t k_bytes_per_row_estimate = 192;

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

  void add(std::int64_t number)
  {
    std::array<char, 24> digits{};
    const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), number).ptr;
    add(std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data())));
  }

  void add(const std::optional<std::int64_t>& number)
  {
    if (number) {
      add(*number);
    } else {
      add(std::string_view());
    }
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

void
put_integer(std::string& out, const std::optional<std::int64_t>& number)
{
  if (!number) {
    return;
  }
  std::array<char, 24> digits{};
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), *number).ptr;
  out.append(digits.data(), end);
}

// Shortest text that reads back as the same double, so that write then read gives equal points.
void
put_number(std::string& out, const std::optional<double>& number)
{
  if (!number) {
    return;
  }
  std::array<char, 32> digits{};
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), *number).ptr;
  out.append(digits.data(), end);
}

void
put_row(std::string& out, const BenchmarkPoint& point)
{
  // One column holds one statistic: the one the point's runs are read at by default.
  const std::optional<domain::PointInteractivity> interactivity = domain::default_interactivity(point);
  util::append_csv_field(out, point.result_id);
  out += ',';
  util::append_csv_field(out, point.model);
  out += ',';
  util::append_csv_field(out, point.hardware);
  out += ',';
  util::append_csv_field(out, point.framework);
  out += ',';
  util::append_csv_field(out, point.precision);
  out += ',';
  util::append_csv_field(out, point.spec_method);
  out += point.disaggregated ? ",true," : ",false,";
  util::append_csv_field(out, point.date);
  out += ',';
  put_integer(out, point.isl);
  out += ',';
  put_integer(out, point.osl);
  out += ',';
  util::append_csv_field(out, point.workload);
  out += ',';
  put_integer(out, point.concurrency);
  out += ',';
  put_integer(out, point.total_allocated_gpus);
  out += ',';
  put_integer(out, point.prefill_gpus);
  out += ',';
  put_integer(out, point.decode_gpus);
  out += ',';
  put_integer(out, point.tp);
  out += ',';
  put_integer(out, point.ep);
  out += ',';
  put_number(out, point.per_gpu_tps.total);
  out += ',';
  // The CSV's basis is all allocated GPUs: role-local input and output are scaled to it.
  put_number(out, domain::per_allocated_gpu(point, domain::ThroughputMetric::input));
  out += ',';
  put_number(out, domain::per_allocated_gpu(point, domain::ThroughputMetric::output));
  out += ',';
  put_number(out, interactivity ? std::optional<double>(interactivity->value) : std::nullopt);
  out += ',';
  out += domain::to_string(interactivity ? interactivity->basis : domain::InteractivityBasis::p90_itl);
  out += ',';
  for (const auto* text : {&point.source_url, &point.run_url, &point.image}) {
    if (*text) {
      util::append_csv_field(out, **text);
    }
    out += ',';
  }
  if (!point.notes.empty()) {
    util::append_csv_field(out, notes_cell(point.notes));
  }
  out += '\n';
}

}  // namespace

std::string
write_points_csv(std::span<const BenchmarkPoint> points)
{
  std::string out;
  out.reserve((points.size() + 1) * k_bytes_per_row_estimate);
  for (std::size_t i = 0; i < k_csv_column_count; ++i) {
    out += i == 0 ? "" : ",";
    out += k_csv_column_names[i];
  }
  out += '\n';
  for (const auto& point : points) {
    put_row(out, point);
  }
  return out;
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
