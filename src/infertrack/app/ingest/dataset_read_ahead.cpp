#include "infertrack/app/ingest/dataset_read_ahead.hpp"

namespace infertrack::app {
namespace {

// The reader waits while this many points are read and not yet taken (and at least one dataset is): enough
// to keep the store busy, without holding a second copy of a large input in memory.
constexpr std::size_t k_points_ahead = 100'000;
// A waiting caller is woken once this many datasets or points are ready (or the reader is done): waking a
// thread costs microseconds, as much as storing a small file, and a directory may hold many thousands.
constexpr std::size_t k_wake_datasets = 64;
constexpr std::size_t k_wake_points = 1'000;

}  // namespace

DatasetReadAhead::DatasetReadAhead(Reader read) : m_thread([this, read = std::move(read)] { run(read); }) {}

DatasetReadAhead::~DatasetReadAhead()
{
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_room.notify_one();
  m_thread.join();
}

void
DatasetReadAhead::run(const Reader& read)
{
  util::Result<void> outcome;
  std::exception_ptr exception;
  try {
    outcome = read([this](domain::Dataset&& dataset) { deliver(std::move(dataset)); });
  } catch (const Stopped&) {
    // Nobody waits for the rest.
  } catch (...) {
    exception = std::current_exception();
  }
  {
    std::lock_guard lock(m_mutex);
    m_outcome = std::move(outcome);
    m_exception = exception;
    m_done = true;
  }
  m_readable.notify_one();
}

void
DatasetReadAhead::deliver(domain::Dataset&& dataset)
{
  std::unique_lock lock(m_mutex);
  m_reader_waiting = true;
  m_room.wait(lock, [this] { return m_stopping || m_ready.empty() || m_ready_points < k_points_ahead; });
  m_reader_waiting = false;
  if (m_stopping) {
    throw Stopped{};
  }
  m_ready_points += dataset.points.size();
  m_ready.push_back(std::move(dataset));
  const bool wake =
    m_caller_waiting && (m_ready.size() >= k_wake_datasets || m_ready_points >= k_wake_points);
  lock.unlock();
  if (wake) {
    m_readable.notify_one();
  }
}

util::Result<std::optional<domain::Dataset>>
DatasetReadAhead::next()
{
  std::unique_lock lock(m_mutex);
  m_waited_for_last = m_ready.empty() && !m_done;
  m_caller_waiting = true;
  m_readable.wait(lock, [this] { return !m_ready.empty() || m_done; });
  m_caller_waiting = false;
  if (!m_ready.empty()) {
    domain::Dataset dataset = std::move(m_ready.front());
    m_ready.pop_front();
    m_ready_points -= dataset.points.size();
    const bool wake = m_reader_waiting;
    lock.unlock();
    if (wake) {
      m_room.notify_one();
    }
    return dataset;
  }
  if (m_exception) {
    std::rethrow_exception(m_exception);
  }
  if (!m_outcome) {
    return tl::unexpected(m_outcome.error());
  }
  return std::nullopt;
}

bool
DatasetReadAhead::has_ready()
{
  const std::lock_guard lock(m_mutex);
  return !m_ready.empty();
}

std::size_t
DatasetReadAhead::ready_points()
{
  const std::lock_guard lock(m_mutex);
  return m_ready_points;
}

}  // namespace infertrack::app
