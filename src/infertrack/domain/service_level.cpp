#include "infertrack/domain/service_level.hpp"

#include "infertrack/domain/per_gpu_throughput.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

namespace infertrack::domain {
namespace {

constexpr std::string_view k_interactivity = "interactivity";

util::Result<double>
parse_limit_number(std::string_view text, std::string_view limit)
{
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value <= 0) {
    return util::fail("", "slo",
                      fmt::format("bad limit \"{}\": \"{}\" is not a positive number", limit, text));
  }
  return value;
}

// "2s", "2000ms", "2": seconds.
util::Result<double>
parse_duration(std::string_view text, std::string_view limit)
{
  double scale = 1;
  if (text.ends_with("ms")) {
    scale = 1e-3;
    text.remove_suffix(2);
  } else if (text.ends_with("s")) {
    text.remove_suffix(1);
  }
  INFERTRACK_TRY_ASSIGN(value, parse_limit_number(text, limit));
  return value * scale;
}

util::Result<ServiceLimit>
parse_limit(std::string_view text)
{
  const std::string_view limit = util::trim(text);
  const std::size_t op = limit.find_first_of("<>=");
  const auto bad = [&](const std::string& why) {
    return util::fail("", "slo", fmt::format("bad limit \"{}\": {}", limit, why));
  };
  if (limit.empty()) {
    return bad("empty (expected e.g. interactivity>=50 or ttft_p99<=2s)");
  }
  if (op == std::string_view::npos) {
    return bad("no comparison (expected NAME>=VALUE for interactivity or NAME<=VALUE for a latency)");
  }
  const std::string_view name = util::trim(limit.substr(0, op));
  const std::string_view comparison = limit.substr(op, 2);
  const std::string_view value = util::trim(limit.substr(std::min(limit.size(), op + 2)));
  ServiceLimit parsed;
  if (name == k_interactivity || name.starts_with("interactivity_")) {
    if (name != k_interactivity) {
      const auto basis = parse_basis_choice(name.substr(k_interactivity.size() + 1));
      if (!basis || !basis->basis) {
        return bad(fmt::format("unknown interactivity statistic \"{}\" (expected interactivity, interactivity_p90 "
                               "or interactivity_median)",
                               name));
      }
      parsed.basis = basis->basis;
    }
    if (comparison != ">=") {
      return bad("interactivity is a floor: use >= (higher is better)");
    }
    std::string_view number = value;
    if (number.ends_with("tok/s/user")) {
      number = util::trim(number.substr(0, number.size() - std::string_view("tok/s/user").size()));
    }
    INFERTRACK_TRY_ASSIGN(floor, parse_limit_number(number, limit));
    parsed.value = floor;
    parsed.text = fmt::format("{}>={}", name, floor);
    return parsed;
  }
  const std::optional<LatencyAxis> axis = parse_latency_axis(name);
  if (!axis) {
    return bad(fmt::format("unknown measure \"{}\" (expected interactivity or one of {})", name,
                           k_latency_axis_choices));
  }
  if (comparison != "<=") {
    return bad("a latency is a ceiling: use <= (lower is better)");
  }
  INFERTRACK_TRY_ASSIGN(ceiling, parse_duration(value, limit));
  parsed.latency = axis;
  parsed.value = ceiling;
  parsed.text = fmt::format("{}<={}s", to_string(*axis), ceiling);
  return parsed;
}

bool
meets(const BenchmarkPoint& point, const ServiceLimit& limit, InteractivityBasis default_basis)
{
  if (limit.latency) {
    const std::optional<double> latency = latency_of(point, *limit.latency);
    return latency && *latency <= limit.value;
  }
  const std::optional<double> interactivity = point.interactivity(limit.basis.value_or(default_basis));
  return interactivity && *interactivity >= limit.value;
}

// The share of requests the point's percentiles show met `limit`, and how: nullopt when none shows any.
std::optional<std::pair<double, std::string>>
share_meeting(const BenchmarkPoint& point, const ServiceLimit& limit)
{
  if (limit.latency) {
    for (const LatencyStatistic statistic : {LatencyStatistic::p99, LatencyStatistic::p90, LatencyStatistic::median}) {
      const LatencyAxis axis{limit.latency->kind, statistic};
      const std::optional<double> value = latency_of(point, axis);
      if (value && *value <= limit.value) {
        return std::pair{*share_at_or_below(statistic), fmt::format("{} met by {}", limit.text, to_string(axis))};
      }
    }
    return std::nullopt;
  }
  // P90 ITL counts token gaps, not requests: it shows no share of requests.
  if (point.workload == "agentic") {
    return std::nullopt;
  }
  if (point.interactivity_p90 && *point.interactivity_p90 >= limit.value) {
    return std::pair{0.9, fmt::format("{} met by P90 TPOT", limit.text)};
  }
  if (point.interactivity_median && *point.interactivity_median >= limit.value) {
    return std::pair{0.5, fmt::format("{} met by the median TPOT", limit.text)};
  }
  return std::nullopt;
}

std::optional<GoodputBound>
goodput_of(const BenchmarkPoint& point, const ServiceLevelTarget& target, double throughput)
{
  double missing = 0;
  std::string how;
  for (const ServiceLimit& limit : target.limits) {
    const auto share = share_meeting(point, limit);
    if (!share) {
      return std::nullopt;
    }
    missing += 1 - share->first;
    how += (how.empty() ? "" : "; ") + share->second;
  }
  const double share = 1 - missing;
  if (share <= 0) {
    return std::nullopt;
  }
  return GoodputBound{
    share, share * throughput, "a lower bound from percentiles, the run having no per-request data: " + how};
}

std::string
statistic_name(const PerformanceCurve& curve)
{
  return curve.latency ? to_string(*curve.latency) : to_string(curve.basis);
}

std::string
missing_reason(const ServiceLimit& limit, const ConfigGroupKey& group)
{
  if (limit.latency) {
    return fmt::format("its run of {} reports no {}, which {} needs", group.date, latency_phrase(*limit.latency),
                       limit.text);
  }
  return fmt::format("its run of {} reports no interactivity on the statistic {} needs", group.date, limit.text);
}

std::string
unreachable_reason(const ServiceLimit& limit, const PerformanceCurve& curve)
{
  const FrontierKnot& fastest = curve.frontier.back();
  if (limit.latency) {
    return fmt::format("{} is never met: the lowest {} measured is {:.4g} s (point {})", limit.text,
                       latency_phrase(*limit.latency), axis_value(curve, fastest), fastest.result_id);
  }
  return fmt::format("{} is never met: the fastest measured is {:.4g} tok/s/user (point {})", limit.text,
                     fastest.interactivity, fastest.result_id);
}

std::optional<double>
knot_x(const PerformanceCurve& curve, const std::optional<std::string>& result_id)
{
  if (!result_id) {
    return std::nullopt;
  }
  for (const FrontierKnot& knot : curve.frontier) {
    if (knot.result_id == *result_id) {
      return axis_value(curve, knot);
    }
  }
  return std::nullopt;
}

}  // namespace

std::string
ServiceLevelTarget::text() const
{
  std::string joined;
  for (const ServiceLimit& limit : limits) {
    joined += (joined.empty() ? "" : ",") + limit.text;
  }
  return joined;
}

util::Result<ServiceLevelTarget>
parse_service_level_target(std::string_view text)
{
  ServiceLevelTarget target;
  if (util::trim(text).empty()) {
    return util::fail("", "slo", "empty service-level target (expected e.g. interactivity>=50,ttft_p99<=2s)");
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    INFERTRACK_TRY_ASSIGN(limit, parse_limit(text.substr(start, comma - start)));
    const bool same_measure = std::any_of(target.limits.begin(), target.limits.end(), [&](const ServiceLimit& seen) {
      return seen.latency == limit.latency && seen.basis == limit.basis;
    });
    if (same_measure) {
      return util::fail("", "slo", fmt::format("limit \"{}\" repeats a measure limited before", limit.text));
    }
    target.limits.push_back(std::move(limit));
    start = comma + 1;
  }
  return target;
}

std::vector<ServiceLevelAnswer>
evaluate_service_level(std::span<const BenchmarkPoint> points,
                       const ServiceLevelTarget& target,
                       const CurveOptions& options)
{
  CurveOptions base = options;
  base.latency.reset();
  const std::vector<PerformanceCurve> configurations = build_curves(points, base);

  std::vector<std::map<ConfigGroupKey, PerformanceCurve>> curves_of_limit(target.limits.size());
  for (std::size_t i = 0; i < target.limits.size(); ++i) {
    const ServiceLimit& limit = target.limits[i];
    CurveOptions limit_options = base;
    limit_options.latency = limit.latency;
    if (limit.basis) {
      limit_options.basis = limit.basis;
    }
    for (PerformanceCurve& curve : build_curves(points, limit_options)) {
      ConfigGroupKey key = curve.group;
      curves_of_limit[i].emplace(std::move(key), std::move(curve));
    }
  }

  std::map<ConfigGroupKey, std::vector<const BenchmarkPoint*>> run_points;
  for (const PerformanceCurve& curve : configurations) {
    run_points.emplace(curve.group, std::vector<const BenchmarkPoint*>());
  }
  for (const BenchmarkPoint& point : points) {
    if (const auto run = run_points.find(config_group_of(point)); run != run_points.end()) {
      run->second.push_back(&point);
    }
  }

  std::vector<ServiceLevelAnswer> answers;
  answers.reserve(configurations.size());
  for (const PerformanceCurve& configuration : configurations) {
    ServiceLevelAnswer answer;
    answer.group = configuration.group;
    answer.metric = options.metric;
    std::optional<double> cap;
    for (std::size_t i = 0; i < target.limits.size(); ++i) {
      const ServiceLimit& limit = target.limits[i];
      LimitReading reading{i};
      const auto found = curves_of_limit[i].find(configuration.group);
      if (found == curves_of_limit[i].end()) {
        answer.none_reason = answer.none_reason.value_or(missing_reason(limit, configuration.group));
        answer.limits.push_back(std::move(reading));
        continue;
      }
      const PerformanceCurve& curve = found->second;
      reading.statistic = statistic_name(curve);
      reading.reading = interpolate_curve(curve, limit.value);
      reading.lower_x = knot_x(curve, reading.reading->lower_result_id);
      reading.upper_x = knot_x(curve, reading.reading->upper_result_id);
      if (!reading.reading->throughput) {
        answer.none_reason = answer.none_reason.value_or(unreachable_reason(limit, curve));
      } else if (!cap || *reading.reading->throughput < *cap) {
        cap = reading.reading->throughput;
        answer.binding = i;
      }
      answer.limits.push_back(std::move(reading));
    }
    if (answer.none_reason) {
      answer.binding.reset();
    } else {
      answer.throughput = cap;
    }

    for (const BenchmarkPoint* point : run_points[configuration.group]) {
      const bool all_met = std::all_of(target.limits.begin(), target.limits.end(), [&](const ServiceLimit& limit) {
        return meets(*point, limit, configuration.basis);
      });
      const std::optional<double> throughput = per_allocated_gpu(*point, options.metric);
      if (!all_met || !throughput || !std::isfinite(*throughput)
          || (answer.measured && *throughput <= answer.measured->throughput)) {
        continue;
      }
      answer.measured = MeasuredOperatingPoint{point->result_id, *throughput, goodput_of(*point, target, *throughput)};
    }
    answers.push_back(std::move(answer));
  }
  return answers;
}

}  // namespace infertrack::domain
