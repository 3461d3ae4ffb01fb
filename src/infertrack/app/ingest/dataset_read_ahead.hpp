#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/util/result.hpp"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace infertrack::app {

// Reads datasets on a thread of its own, ahead of the caller, so that reading and parsing the next file
// overlaps with storing the previous one: SQLite writes on one core, and the reader takes the other.
class DatasetReadAhead
{
public:
  // Hands one dataset to the caller of next(). Once the caller has gone it throws, unwinding the reader.
  using Deliver = std::function<void(domain::Dataset&&)>;
  // Reads every dataset, delivering each in order; its failure ends the reading.
  using Reader = std::function<util::Result<void>(const Deliver&)>;

  explicit DatasetReadAhead(Reader read);
  // Stops the reader at its next dataset and waits for it.
  ~DatasetReadAhead();
  DatasetReadAhead(const DatasetReadAhead&) = delete;
  DatasetReadAhead& operator=(const DatasetReadAhead&) = delete;

  // The next dataset, waiting for it; nullopt after the last one. The reader's failure once the datasets
  // read before it are taken; an exception it threw is thrown here.
  util::Result<std::optional<domain::Dataset>> next();
  // Whether a dataset is ready to be taken, that is the reader is ahead of the caller.
  bool has_ready();
  // The points of the datasets ready to be taken.
  std::size_t ready_points();
  // Whether the last next() had to wait for the reader (for the caller of next() only).
  bool waited_for_last() const { return m_waited_for_last; }

private:
  struct Stopped
  {
  };

  void deliver(domain::Dataset&& dataset);
  void run(const Reader& read);

  std::mutex m_mutex;
  // Each side is woken only while it waits: a directory of small files hands on one dataset per file.
  std::condition_variable m_readable; // the caller waits here for a dataset
  std::condition_variable m_room;     // the reader waits here for the caller to catch up
  bool m_caller_waiting = false;
  bool m_reader_waiting = false;
  std::deque<domain::Dataset> m_ready;
  std::size_t m_ready_points = 0;
  bool m_waited_for_last = false;
  bool m_done = false;      // the reader has returned
  bool m_stopping = false;  // the caller went away
  util::Result<void> m_outcome;
  std::exception_ptr m_exception;
  std::thread m_thread;     // last: started once everything above exists
};

}  // namespace infertrack::app
