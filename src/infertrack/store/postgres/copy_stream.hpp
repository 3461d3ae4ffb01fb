#pragma once

#include "infertrack/store/postgres/connection.hpp"

#include <string>
#include <string_view>

namespace infertrack::store::postgres {

// One COPY ... FROM STDIN kept open across many calls, so the server stores rows while the client writes the next
// ones; a COPY per batch left the server idle while each batch was written. Other statements on the connection
// must wait for finish(). Destroyed unfinished, it fails the COPY, and so the transaction it is in.
class CopyStream
{
public:
  // `header` goes first in every COPY it opens and `trailer` last (COPY's binary format has both).
  CopyStream(Connection& db, std::string copy_sql, std::string_view header = {}, std::string_view trailer = {});
  ~CopyStream();
  CopyStream(const CopyStream&) = delete;
  CopyStream& operator=(const CopyStream&) = delete;

  // Sends `rows` (whole lines of COPY's text format), starting the COPY first if it is not open.
  void send(std::string_view rows);
  // Ends an open COPY and waits for the server to accept its rows; nothing when none is open.
  void finish();

private:
  Connection& m_db;
  std::string m_copy_sql;
  std::string_view m_header;
  std::string_view m_trailer;
  bool m_open = false;
};

}  // namespace infertrack::store::postgres
