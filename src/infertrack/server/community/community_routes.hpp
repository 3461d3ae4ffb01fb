#pragma once

#include "infertrack/app/community/accounts.hpp"
#include "infertrack/server/http/cookies.hpp"
#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"
#include "infertrack/store/store.hpp"

#include <memory>
#include <optional>

namespace infertrack::server::community {

struct CommunityOptions
{
  app::AccountSettings accounts;
  http::CookieTransport cookies = http::CookieTransport::plain;
};

// The account, session and comment routes of docs/COMMUNITY.md. Never cached: every answer depends on
// who asks. Thread-safe: the store serialises its own calls, and password hashing runs outside them.
class CommunityRoutes
{
public:
  CommunityRoutes(std::shared_ptr<store::Store> store, CommunityOptions options);
  ~CommunityRoutes();

  // The answer for a community route, or nothing for any other path.
  std::optional<http::Response> handle(const http::Request& request);

private:
  struct State;
  std::unique_ptr<State> m_state;
};

}  // namespace infertrack::server::community
