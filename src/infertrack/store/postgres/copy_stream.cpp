#include "infertrack/store/postgres/copy_stream.hpp"

#include <utility>

namespace infertrack::store::postgres {

CopyStream::CopyStream(Connection& db, std::string copy_sql, std::string_view header, std::string_view trailer)
  : m_db(db), m_copy_sql(std::move(copy_sql)), m_header(header), m_trailer(trailer)
{
}

CopyStream::~CopyStream()
{
  if (m_open) {
    m_db.abort_copy();
  }
}

void
CopyStream::send(std::string_view rows)
{
  if (rows.empty()) {
    return;
  }
  if (!m_open) {
    m_db.begin_copy(m_copy_sql);
    m_open = true;
    m_db.put_copy(m_header);
  }
  m_db.put_copy(rows);
}

void
CopyStream::finish()
{
  if (m_open) {
    m_open = false;  // a failed end leaves no COPY to end again
    m_db.put_copy(m_trailer);
    m_db.end_copy();
  }
}

}  // namespace infertrack::store::postgres
