#include "infertrack/store/replicated_store.hpp"

#include <atomic>
#include <type_traits>

namespace infertrack::store {
namespace {

class ReplicatedStore final : public Store
{
public:
  ReplicatedStore(std::unique_ptr<Store> primary, std::vector<std::unique_ptr<Store>> replicas)
    : m_primary(std::move(primary)), m_replicas(std::move(replicas))
  {
  }

  std::unique_ptr<IngestSession> begin_ingest() override { return m_primary->begin_ingest(); }
  bool empty() override { return m_primary->empty(); }
  std::int64_t point_count() override { return read([](Store& s) { return s.point_count(); }); }

  std::vector<domain::BenchmarkPoint> points(const PointFilter& filter) override
  {
    return read([&](Store& s) { return s.points(filter); });
  }
  std::vector<domain::BenchmarkPoint>
  points_page(const PointFilter& filter, std::optional<std::string_view> after, std::size_t limit) override
  {
    return read([&](Store& s) { return s.points_page(filter, after, limit); });
  }
  std::vector<domain::BenchmarkPoint> latest_points(const PointFilter& filter) override
  {
    return read([&](Store& s) { return s.latest_points(filter); });
  }
  std::optional<domain::BenchmarkPoint> point(std::string_view result_id) override
  {
    return read([&](Store& s) { return s.point(result_id); });
  }
  void frontier_samples(const PointFilter& filter, domain::ThroughputMetric metric,
                        const std::function<void(const domain::FrontierSample&)>& sample) override
  {
    // Streamed: a replica that fails half-way has handed some samples already, so there is no retry on the primary.
    Store& source = reader();
    source.frontier_samples(filter, metric, sample);
  }
  std::vector<std::string> configuration_names(ConfigurationName name) override
  {
    return read([&](Store& s) { return s.configuration_names(name); });
  }
  std::vector<domain::HardwareCost> hardware() override { return read([](Store& s) { return s.hardware(); }); }
  std::vector<domain::DemandPreset> presets() override { return read([](Store& s) { return s.presets(); }); }
  std::vector<domain::EvalResult> evals(std::string_view model) override
  {
    return read([&](Store& s) { return s.evals(model); });
  }
  std::vector<domain::PublishedHeadline> headlines() override
  {
    return read([](Store& s) { return s.headlines(); });
  }
  std::vector<DatasetNote> dataset_notes() override { return read([](Store& s) { return s.dataset_notes(); }); }
  std::vector<domain::DataFinding> findings(std::optional<std::string_view> result_id) override
  {
    return read([&](Store& s) { return s.findings(result_id); });
  }
  std::vector<domain::DataFinding> findings_of(std::span<const std::string_view> result_ids) override
  {
    return read([&](Store& s) { return s.findings_of(result_ids); });
  }

  int schema_version() override { return m_primary->schema_version(); }
  void check_health() override { m_primary->check_health(); }
  bool read_only() override { return m_primary->read_only(); }
  std::int64_t data_version() override { return m_primary->data_version(); }
  std::int64_t size_bytes() override { return m_primary->size_bytes(); }
  CommunityStore& community() override { return m_primary->community(); }

private:
  // A replica at the primary's data version or later, taken in turn; the primary when none is.
  Store& reader()
  {
    const std::int64_t wanted = m_primary->data_version();
    const std::size_t first = m_next.fetch_add(1, std::memory_order_relaxed);
    for (std::size_t i = 0; i < m_replicas.size(); ++i) {
      Store& replica = *m_replicas[(first + i) % m_replicas.size()];
      try {
        if (replica.data_version() >= wanted) {
          return replica;
        }
      } catch (const StoreUnavailable&) {
        // Out of reach: the next replica, or the primary, answers.
      }
    }
    return *m_primary;
  }

  // Runs `query` on a current replica, or on the primary when the replica cannot be reached meanwhile.
  template<typename Query> std::invoke_result_t<Query, Store&> read(Query query)
  {
    Store& source = reader();
    if (&source == m_primary.get()) {
      return query(source);
    }
    try {
      return query(source);
    } catch (const StoreUnavailable&) {
      return query(*m_primary);
    }
  }

  std::unique_ptr<Store> m_primary;
  std::vector<std::unique_ptr<Store>> m_replicas;
  std::atomic<std::size_t> m_next{0};
};

}  // namespace

std::unique_ptr<Store>
replicated_store(std::unique_ptr<Store> primary, std::vector<std::unique_ptr<Store>> replicas)
{
  if (replicas.empty()) {
    return primary;
  }
  return std::make_unique<ReplicatedStore>(std::move(primary), std::move(replicas));
}

}  // namespace infertrack::store
