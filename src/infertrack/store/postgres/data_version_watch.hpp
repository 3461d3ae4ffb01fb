#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>

namespace infertrack::store::postgres {

// Follows the benchmark data version of one database without a query per request: a thread of its own LISTENs on
// the channel every ingest notifies at its commit (from any instance, or the command line), and reads the version
// once a second as well, should a notification be lost. While its connection is down it knows nothing, and callers
// ask the database themselves.
class DataVersionWatch
{
public:
  // Starts following the database at `url`.
  explicit DataVersionWatch(std::string url);
  // Stops the thread at once (it waits on an eventfd beside the socket).
  ~DataVersionWatch();
  DataVersionWatch(const DataVersionWatch&) = delete;
  DataVersionWatch& operator=(const DataVersionWatch&) = delete;

  // The version last seen, or nothing while the watch has no connection.
  std::optional<std::int64_t> version() const;
  // A version this instance learnt itself (its own ingest committed): known at once, not a moment later.
  void saw(std::int64_t version);

  // The channel ingests notify, with the new version as payload.
  static constexpr const char* k_channel = "infertrack_data_version";

private:
  void follow();

  static constexpr std::int64_t k_unknown = -1;
  std::string m_url;
  std::atomic<std::int64_t> m_version{k_unknown};
  int m_wake = -1; // an eventfd: written to stop the thread
  std::thread m_thread;
};

}  // namespace infertrack::store::postgres
