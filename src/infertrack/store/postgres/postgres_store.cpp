#include "infertrack/store/postgres/postgres_store.hpp"

#include "infertrack/store/postgres/community_tables.hpp"
#include "infertrack/store/postgres/connection_pool.hpp"
#include "infertrack/store/postgres/migrations.hpp"

#include <mutex>

namespace infertrack::store::postgres {
namespace {

// Connections per store: a server's threads read in parallel, and an ingest holds one for its whole transaction.
constexpr std::size_t k_pool_size = 4;

class PostgresStore final : public Store
{
public:
  explicit PostgresStore(const std::string& url) : m_pool(url, k_pool_size)
  {
    auto db = m_pool.lease();
    migrate(*db);
  }

  std::unique_ptr<IngestSession> begin_ingest() override { throw StoreError("not yet"); }

  bool empty() override { return m_pool.lease()->run("SELECT EXISTS (SELECT 1 FROM points)").text(0, 0) == "f"; }

  std::int64_t point_count() override { return m_pool.lease()->run("SELECT COUNT(*) FROM points").int64(0, 0); }

  std::vector<domain::BenchmarkPoint> points(const PointFilter&) override { throw StoreError("not yet"); }
  std::vector<domain::BenchmarkPoint> points_page(const PointFilter&, std::optional<std::string_view>,
                                                  std::size_t) override
  {
    throw StoreError("not yet");
  }
  std::vector<domain::BenchmarkPoint> latest_points(const PointFilter&) override { throw StoreError("not yet"); }
  std::optional<domain::BenchmarkPoint> point(std::string_view) override { throw StoreError("not yet"); }
  void frontier_samples(const PointFilter&, domain::ThroughputMetric,
                        const std::function<void(const domain::FrontierSample&)>&) override
  {
    throw StoreError("not yet");
  }
  std::vector<std::string> configuration_names(ConfigurationName) override { throw StoreError("not yet"); }
  std::vector<domain::HardwareCost> hardware() override { throw StoreError("not yet"); }
  std::vector<domain::DemandPreset> presets() override { throw StoreError("not yet"); }
  std::vector<domain::PublishedHeadline> headlines() override { throw StoreError("not yet"); }
  std::vector<DatasetNote> dataset_notes() override { throw StoreError("not yet"); }
  std::vector<domain::DataFinding> findings(std::optional<std::string_view>) override { throw StoreError("not yet"); }
  std::vector<domain::DataFinding> findings_of(std::span<const std::string_view>) override
  {
    throw StoreError("not yet");
  }

  int schema_version() override { return applied_schema_version(*m_pool.lease()); }

  void check_health() override { m_pool.lease()->run("SELECT MAX(version) FROM schema_migrations"); }

  bool read_only() override { return false; }

  std::int64_t data_version() override
  {
    return m_pool.lease()->run("SELECT version FROM benchmark_data_version").int64(0, 0);
  }

  std::int64_t size_bytes() override
  {
    return m_pool.lease()->run("SELECT pg_database_size(current_database())").int64(0, 0);
  }

  CommunityStore& community() override { return m_community; }

private:
  ConnectionPool m_pool;
  CommunityTables m_community{m_pool};
};

}  // namespace

std::unique_ptr<Store>
open_store(const std::string& url)
{
  return std::make_unique<PostgresStore>(url);
}

}  // namespace infertrack::store::postgres
